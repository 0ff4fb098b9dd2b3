import { openSettings, useNavigation } from '../navigation';
import { SHORTCUTS } from '../common/shortcuts';
import { useSettings } from '../settings';
import { useChat } from './store';

const STARTERS = [
  'Explain how HTTP caching works, with a short example.',
  'Write a TypeScript function that groups an array by a key.',
  'Summarise the trade-offs of SQLite for a desktop app.',
];

const KEYS = [
  [SHORTCUTS.send.label, 'Send the message'],
  [SHORTCUTS.newLine.label, 'Start a new line'],
  [SHORTCUTS.stop.label, 'Stop the reply'],
  [SHORTCUTS.newChat.label, 'Start a new chat'],
  [SHORTCUTS.search.label, 'Search chats and transcripts'],
] as const;

/** What a first-time user sees: what Confab does, how to begin, and what is missing to begin. */
export function EmptyState({ conversationId }: { conversationId: string }) {
  const missing = useSettings((s) =>
    !s.settings?.baseUrl ? 'the service base URL and your API key' : s.key?.stored ? null : 'your API key',
  );
  const start = (text: string) => {
    useChat.getState().setDraft(conversationId, text);
    useNavigation.getState().focusComposer();
  };

  return (
    <section className="empty-state" aria-labelledby="empty-heading">
      <h2 id="empty-heading">Chat with your hosted models</h2>
      <p>
        Confab sends your conversation to the model-access service and shows the reply as it is written, with Markdown and
        highlighted code you can copy. Pick the model, temperature and system prompt under <strong>Chat options</strong>.
      </p>
      {missing && (
        <div className="notice setup" role="status">
          <p>To start, add {missing} in Settings.</p>
          <button type="button" onClick={openSettings}>
            Open Settings
          </button>
        </div>
      )}
      <h3>Start with a message below, or one of these</h3>
      <ul className="starters">
        {STARTERS.map((text) => (
          <li key={text}>
            <button type="button" className="secondary" onClick={() => start(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
      <h3>Shortcuts</h3>
      <dl className="shortcuts">
        {KEYS.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
