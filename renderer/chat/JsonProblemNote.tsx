import { useTranslation } from 'react-i18next';
import type { JsonProblem } from '../../shared/domain/json';

/**
 * Why a text is not JSON, in the UI language; the engine's own message follows as it came
 * (its language is the JavaScript engine's, so translators leave it alone).
 */
export function JsonProblemNote({ problem, reply }: { problem: JsonProblem; reply: boolean }) {
  const { t } = useTranslation('chat');
  const words = reply
    ? problem.reason === 'empty' ? t('json.reply.empty') : t('json.reply.syntax')
    : problem.reason === 'empty' ? t('json.notJson.empty') : t('json.notJson.syntax');
  return (
    <p className="json-problem" role="note">
      {words}
      {problem.reason === 'syntax' && (
        <>
          {' '}
          <span className="json-problem-detail" translate="no" dir="ltr">
            {problem.detail}
          </span>
        </>
      )}
    </p>
  );
}
