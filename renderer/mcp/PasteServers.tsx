import { useId, useState } from 'react';
import type { McpServerInput } from '../../shared/contract/mcp';
import { readPastedServers } from './pasted-servers';
import { useMcp } from './store';
import { problemText } from '../common/problem-text';

const kindOf = (server: McpServerInput) => (server.transport.type === 'http' ? 'at an address' : 'a local command');

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
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<McpServerInput[] | null>(null);
  const [adding, setAdding] = useState(false);

  const read = () => {
    setFound(null);
    const result = readPastedServers(text);
    if (!result.ok) return setProblem(result.problem);
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
        setProblem(`${server.name} was not added: ${problemText(error)}`);
        setAdding(false);
        return;
      }
    }
    setAdding(false);
    onAdded();
  };

  return (
    <details className="paste-servers">
      <summary>Paste JSON from another app</summary>
      <div className="field">
        <label htmlFor={id}>Server JSON</label>
        <textarea
          id={id}
          rows={5}
          spellCheck={false}
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
            {problem}
          </p>
        ) : (
          <p className="hint" id={`${id}-note`}>
            The "mcpServers" block of Claude Desktop or Cursor, or one server from a server's docs. Header and variable values go to the keychain.
          </p>
        )}
      </div>
      {found ? (
        <div className="paste-found" role="group" aria-label="Servers in the JSON">
          <p>{found.length} servers in the JSON:</p>
          <ul>
            {found.map((server) => (
              <li key={server.name}>
                <strong>{server.name}</strong> — {kindOf(server)}
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" disabled={adding} onClick={() => void addAll()}>
              {adding ? 'Adding…' : `Add these ${found.length} servers`}
            </button>
            <button type="button" className="secondary" onClick={() => setFound(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="secondary small" onClick={read}>
          Read JSON
        </button>
      )}
    </details>
  );
}
