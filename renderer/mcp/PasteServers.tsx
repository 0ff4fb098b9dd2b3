import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerInput } from '../../shared/contract/mcp';
import { problemText } from '../common/problem-text';
import { type PasteProblem, readPastedServers } from './pasted-servers';
import { pasteProblemText } from './paste-problem-text';
import { useMcp } from './store';

/** What went wrong: the paste itself, or main refusing one of its servers. */
type Problem = { paste: PasteProblem } | { server: string; error: unknown };

interface Props {
  /** One server: the form takes it, for the user to check and add as usual. */
  onOne(server: McpServerInput): void;
  /** Several servers were added. */
  onAdded(): void;
}

/**
 * A server's JSON as other apps and servers' docs give it, pasted instead of typed. One server
 * fills the form; several are listed and added together, each through main as if typed, so a
 * local command still starts only after main's own question.
 */
export function PasteServers({ onOne, onAdded }: Props) {
  const { t } = useTranslation('mcp');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [found, setFound] = useState<McpServerInput[] | null>(null);
  const [adding, setAdding] = useState(false);

  const read = () => {
    setFound(null);
    const result = readPastedServers(text);
    if (!result.ok) return setProblem({ paste: result.problem });
    setProblem(null);
    if (result.servers.length === 1) {
      onOne(result.servers[0]!);
      setText('');
    } else setFound(result.servers);
  };

  const addAll = async () => {
    setAdding(true);
    const store = useMcp.getState();
    // One at a time, so a refusal names its server and the ones before it stay added.
    for (const [index, server] of (found ?? []).entries()) {
      try {
        await store.add(server);
      } catch (error) {
        setFound((found ?? []).slice(index));
        setProblem({ server: server.name, error });
        setAdding(false);
        return;
      }
    }
    setAdding(false);
    onAdded();
  };

  return (
    <details className="paste-servers">
      <summary>{t('paste.summary')}</summary>
      <div className="field">
        <label htmlFor={id}>{t('paste.label')}</label>
        <textarea
          id={id}
          rows={5}
          spellCheck={false}
          dir="ltr"
          translate="no"
          value={text}
          placeholder={'{"mcpServers": {"notes": {"url": "https://tools.example.com/mcp"}}}'}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
            setFound(null);
          }}
        />
        {problem ? (
          <p className="field-error" role="alert" id={`${id}-note`}>
            {'paste' in problem ? pasteProblemText(t, problem.paste) : t('paste.notAdded', { name: problem.server, problem: problemText(problem.error) })}
          </p>
        ) : (
          <p className="hint" id={`${id}-note`}>
            {t('paste.hint')}
          </p>
        )}
      </div>
      {found ? (
        <div className="paste-found" role="group" aria-label={t('paste.found')}>
          <p>{t('paste.count', { count: found.length })}</p>
          <ul>
            {found.map((server) => (
              <li key={server.name}>
                <strong translate="no" dir="auto">{server.name}</strong> — {server.transport.type === 'http' ? t('paste.atAddress') : t('paste.localCommand')}
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" disabled={adding} onClick={() => void addAll()}>
              {adding ? t('paste.adding') : t('paste.addAll', { count: found.length })}
            </button>
            <button type="button" className="secondary" onClick={() => setFound(null)}>
              {t('paste.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="secondary small" onClick={read}>
          {t('paste.read')}
        </button>
      )}
    </details>
  );
}
