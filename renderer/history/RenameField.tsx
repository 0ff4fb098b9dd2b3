import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyArea } from '../../shared/contract/history';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { useChat } from '../chat';
import { problemText } from '../common/problem-text';

// The rule main applies, so a title it would refuse is said here before anything is sent.
const titleRule = historyArea.update.input.shape.title;

interface Props {
  conversation: ConversationMeta;
  onClose(): void;
}

/** Inline rename: Enter saves, Esc cancels, leaving the field saves a valid title. */
export function RenameField({ conversation, onClose }: Props) {
  const id = useId();
  const [text, setText] = useState(conversation.title);
  const { t } = useTranslation('history');
  // Kept as what went wrong, worded while rendering, so a change of language re-words it.
  const [problem, setProblem] = useState<{ tooLong: number } | { empty: true } | { error: unknown } | null>(null);
  const closed = useRef(false);

  const close = () => {
    closed.current = true;
    onClose();
  };

  async function commit(fromBlur: boolean) {
    if (closed.current) return;
    const checked = titleRule.safeParse(text);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return fromBlur ? close() : setProblem(issue.code === 'too_big' ? { tooLong: Number(issue.maximum) } : { empty: true });
    }
    if (checked.data === conversation.title) return close();
    try {
      await useChat.getState().rename(conversation.id, checked.data!);
      close();
    } catch (error) {
      setProblem({ error });
    }
  }

  return (
    <div className="rename-field">
      <input
        type="text"
        aria-label={t('rename.label')}
        dir="auto"
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
          {'tooLong' in problem ? t('rename.tooLong', { max: problem.tooLong }) : 'empty' in problem ? t('rename.empty') : problemText(problem.error)}
        </p>
      ) : (
        <p className="hint" id={`${id}-note`}>
          {t('rename.hint')}
        </p>
      )}
    </div>
  );
}
