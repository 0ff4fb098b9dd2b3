import { type FormEvent, useId, useState } from 'react';
import { type McpServerInput, type McpServerView, serverInputSchema } from '../../shared/contract/mcp';
import { PasteServers } from './PasteServers';
import { useMcp } from './store';
import { problemText } from '../common/problem-text';

/** One header or environment variable as edited: a stored value stays stored unless replaced. */
interface SecretRow {
  key: string;
  name: string;
  value: string;
  /** Main holds a value for this name (it never sends the value itself). */
  stored: boolean;
  replacing: boolean;
}

type Kind = 'http' | 'stdio';

const rowsOf = (secrets: { name: string; hasValue: boolean }[]): SecretRow[] =>
  secrets.map((secret) => ({ key: crypto.randomUUID(), name: secret.name, value: '', stored: secret.hasValue, replacing: false }));

const blankRow = (): SecretRow => ({ key: crypto.randomUUID(), name: '', value: '', stored: false, replacing: false });

/** Values that came with a pasted server: typed in, as it were, not stored yet. */
const pastedRows = (secrets: { name: string; value?: string }[]): SecretRow[] =>
  secrets.map((secret) => ({ ...blankRow(), name: secret.name, value: secret.value ?? '' }));

interface SecretsProps {
  legend: string;
  what: string;
  namePlaceholder: string;
  rows: SecretRow[];
  onChange(rows: SecretRow[]): void;
}

/** Names in the clear, values as secrets: a stored value shows as stored, with Replace. */
function SecretRows({ legend, what, namePlaceholder, rows, onChange }: SecretsProps) {
  const id = useId();
  const change = (key: string, patch: Partial<SecretRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="secret-rows">
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        <div className="secret-row" key={row.key} role="group" aria-label={`${what} ${index + 1}`}>
          <input
            type="text"
            aria-label={`${what} ${index + 1} name`}
            spellCheck={false}
            placeholder={namePlaceholder}
            value={row.name}
            onChange={(event) => change(row.key, { name: event.target.value })}
          />
          {row.stored && !row.replacing ? (
            <span className="stored-value">
              <span aria-label="Value stored">••• stored</span>
              <button type="button" className="small secondary" onClick={() => change(row.key, { replacing: true })}>
                Replace
              </button>
            </span>
          ) : (
            <input
              type="password"
              autoComplete="off"
              aria-label={`${what} ${index + 1} value`}
              placeholder={row.stored ? 'New value' : 'Value (kept in the keychain)'}
              value={row.value}
              onChange={(event) => change(row.key, { value: event.target.value })}
            />
          )}
          <button
            type="button"
            className="small secondary"
            aria-label={`Remove ${what.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(rows.filter((x) => x.key !== row.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="small secondary" id={`${id}-add`} onClick={() => onChange([...rows, blankRow()])}>
        Add {what.toLowerCase()}
      </button>
    </fieldset>
  );
}

interface Props {
  /** The server to edit; a new one when absent. */
  server?: McpServerView;
  onDone(): void;
}

/** Adds or edits a user server: a Streamable HTTP address with headers, or a local command over stdio. */
export function ServerForm({ server, onDone }: Props) {
  const id = useId();
  const transport = server?.transport;
  const [name, setName] = useState(server?.name ?? '');
  const [kind, setKind] = useState<Kind>(transport?.type ?? 'http');
  const [url, setUrl] = useState(transport?.type === 'http' ? transport.url : '');
  const [headers, setHeaders] = useState<SecretRow[]>(transport?.type === 'http' ? rowsOf(transport.headers) : []);
  const [command, setCommand] = useState(transport?.type === 'stdio' ? transport.command : '');
  const [args, setArgs] = useState(transport?.type === 'stdio' ? transport.args.join('\n') : '');
  const [env, setEnv] = useState<SecretRow[]>(transport?.type === 'stdio' ? rowsOf(transport.env) : []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [filled, setFilled] = useState(false);

  const fill = ({ name: pastedName, transport: pasted }: McpServerInput) => {
    if (pastedName) setName(pastedName);
    setKind(pasted.type);
    if (pasted.type === 'http') {
      setUrl(pasted.url);
      setHeaders(pastedRows(pasted.headers));
    } else {
      setCommand(pasted.command);
      setArgs(pasted.args.join('\n'));
      setEnv(pastedRows(pasted.env));
    }
    setProblem(null);
    setFilled(true);
  };

  const secrets = (rows: SecretRow[], what: string) => {
    const missing = rows.find((row) => row.name.trim() && !row.value && (!row.stored || row.replacing));
    if (missing) return { error: `Enter a value for the ${what} ${missing.name.trim()}.` };
    return {
      entries: rows
        .filter((row) => row.name.trim())
        .map((row) => (row.stored && !row.replacing ? { name: row.name } : { name: row.name, value: row.value })),
    };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const values = kind === 'http' ? secrets(headers, 'header') : secrets(env, 'variable');
    if (values.error) return setProblem(values.error);
    const parsed = serverInputSchema.safeParse({
      name,
      transport:
        kind === 'http'
          ? { type: 'http', url: url.trim(), headers: values.entries }
          : { type: 'stdio', command, args: args.split('\n').filter((arg) => arg.trim() !== ''), env: values.entries },
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'These settings are not valid.');
    setProblem(null);
    setSaving(true);
    try {
      const store = useMcp.getState();
      await (server ? store.update(server.id, parsed.data) : store.add(parsed.data));
      onDone();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="server-form" noValidate aria-label={server ? `Edit ${server.name}` : 'Add a server'} onSubmit={save}>
      {!server && <PasteServers onOne={fill} onAdded={onDone} />}
      {filled && (
        <p className="hint" role="status">
          Filled in from the JSON. Check it, then add the server.
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} type="text" value={name} placeholder="For example: Notes" onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset className="choice">
        <legend>Connection</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'http'} onChange={() => setKind('http')} />
          Streamable HTTP <span className="hint">— a server at a web address</span>
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'stdio'} onChange={() => setKind('stdio')} />
          Local command <span className="hint">— a program Confab starts, speaking over stdio</span>
        </label>
      </fieldset>
      {kind === 'http' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>Server URL</label>
            <input
              id={`${id}-url`}
              type="url"
              spellCheck={false}
              placeholder="https://tools.example.com/mcp"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          <SecretRows legend="Headers (optional)" what="Header" namePlaceholder="Authorization" rows={headers} onChange={setHeaders} />
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-command`}>Command</label>
            <input
              id={`${id}-command`}
              type="text"
              spellCheck={false}
              placeholder="/usr/local/bin/notes-mcp"
              value={command}
              onChange={(event) => setCommand(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-args`}>Arguments</label>
            <textarea
              id={`${id}-args`}
              rows={3}
              spellCheck={false}
              placeholder={'--root\n/home/me/notes'}
              value={args}
              aria-describedby={`${id}-args-hint`}
              onChange={(event) => setArgs(event.target.value)}
            />
            <p className="hint" id={`${id}-args-hint`}>
              One argument per line, exactly as the program receives it.
            </p>
          </div>
          <SecretRows legend="Environment variables (optional)" what="Variable" namePlaceholder="NOTES_TOKEN" rows={env} onChange={setEnv} />
        </>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={saving}>
          {saving ? 'Connecting…' : server ? 'Save and reconnect' : 'Add server'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
