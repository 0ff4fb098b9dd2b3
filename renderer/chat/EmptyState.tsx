import { Trans, useTranslation } from 'react-i18next';
import { openSettings, useNavigation } from '../navigation';
import { SHORTCUTS } from '../common/shortcuts';
import { useSettings } from '../settings';
import { useChat } from './store';

const STARTERS = ['empty.starterHttp', 'empty.starterGroupBy', 'empty.starterSqlite'] as const;
/** An Ask chat's starters are about its transcript (its first question is already in the composer). */
const ASK_STARTERS = ['empty.askDecisions', 'empty.askOpen', 'empty.askQuotes'] as const;

const KEYS = [
  [SHORTCUTS.send.label, 'empty.keySend'],
  [SHORTCUTS.newLine.label, 'empty.keyNewLine'],
  [SHORTCUTS.stop.label, 'empty.keyStop'],
  [SHORTCUTS.newChat.label, 'empty.keyNewChat'],
  [SHORTCUTS.search.label, 'empty.keySearch'],
  [SHORTCUTS.dictate.label, 'empty.keyDictate'],
] as const;

/** What a first-time user sees: what Confab does, how to begin, and what is missing to begin. */
export function EmptyState({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const missing = useSettings((s) => (!s.settings?.baseUrl ? t('empty.missingBoth') : s.key?.stored ? null : t('empty.missingKey')));
  const attachment = useChat((s) => s.conversations.find((c) => c.id === conversationId)?.attachment);
  const start = (text: string) => {
    useChat.getState().setDraft(conversationId, text);
    useNavigation.getState().focusComposer();
  };

  return (
    <section className="empty-state" aria-labelledby="empty-heading">
      {attachment ? (
        <>
          <h2 id="empty-heading">{t('empty.askHeading', { name: attachment.fileName })}</h2>
          <p>{t('empty.askIntro')}</p>
        </>
      ) : (
        <>
          <h2 id="empty-heading">{t('empty.heading')}</h2>
          <p>
            <Trans t={t} i18nKey="empty.intro" values={{ options: t('header.options') }} components={{ 1: <strong /> }} />
          </p>
        </>
      )}
      {missing && (
        <div className="notice setup" role="status">
          <p>{missing}</p>
          <button type="button" onClick={openSettings}>
            {t('empty.openSettings')}
          </button>
        </div>
      )}
      <h3>{t('empty.startersHeading')}</h3>
      <ul className="starters">
        {(attachment ? ASK_STARTERS : STARTERS).map((key) => (
          <li key={key}>
            <button type="button" className="secondary" onClick={() => start(t(key))}>
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
      <h3>{t('empty.shortcutsHeading')}</h3>
      <dl className="shortcuts">
        {KEYS.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              <kbd dir="ltr" translate="no">
                {keys}
              </kbd>
            </dt>
            <dd>{t(action)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
