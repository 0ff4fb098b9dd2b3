import { useTranslation } from 'react-i18next';
import { listProblemText } from './problem-words';
import type { ListProblem } from './store';

/** The servers' list could not be read, or a server could not reconnect: said in the UI language. */
export function McpProblem({ problem }: { problem: ListProblem }) {
  const { t } = useTranslation('mcp');
  return (
    <p className="warning" role="alert">
      {listProblemText(t, problem)}
    </p>
  );
}
