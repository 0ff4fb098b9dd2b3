import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import type { ListProblem } from './store';

/** The servers' list could not be read, or a server could not reconnect: said in the UI language. */
export function McpProblem({ problem }: { problem: ListProblem }) {
  const { t } = useTranslation('mcp');
  return (
    <p className="warning" role="alert">
      {problem.server === null
        ? t('store.listFailed', { problem: problemText(problem.error) })
        : t('store.reconnectFailed', { name: problem.server, problem: problemText(problem.error) })}
    </p>
  );
}
