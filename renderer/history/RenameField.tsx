import { useId, useRef, useState } from 'react';
import { historyArea } from '../../shared/contract/history';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { useChat } from '../chat';
import { errorText } from '../../shared/domain/error-text';

// The rule main applies, so its messages show here before anything is sent.
const titleRule = historyArea.update.input.shape.title;

interface Props {
  conversation: ConversationMeta;
  onClose(): void;
}

/** Inline rename: Enter saves, Esc cancels, leaving the field saves a valid title. */
export function RenameField({ conversation, onClose }: Props) {
  const id = useId();
  const [text, setText] = useState(conversation.title);
  const [problem, setProblem] = useState<string | null>(null);
  const closed = useRef(false);

  const close = () => {
    closed.current = true;
    onClose();
  };

  async function commit(fromBlur: boolean) {
    if (closed.current) return;
    const checked = titleRule.safeParse(text);
    if (!checked.success) return fromBlur ? close() : setProblem(checked.error.issues[0]!.message);
    if (checked.data === conversation.title) return close();
    try {
      await useChat.getState().rename(conversation.id, checked.data!);
      close();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <div className="rename-field">
      <input
        type="text"
        aria-label="Conversation title"
        aria-invalid={problem !== null}
        aria-describedby={`${id}-note`}
        value={text}
        autoFocus
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void commit(false);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
        onBlur={() => void commit(true)}
      />
      {problem ? (
        <p className="field-error" id={`${id}-note`} role="alert">
          {problem}
        </p>
      ) : (
        <p className="hint" id={`${id}-note`}>
          Enter saves · Esc cancels
        </p>
      )}
    </div>
  );
}
