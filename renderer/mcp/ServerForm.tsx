import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_NAME_CHARS, type McpServerInput, type McpServerView, serverInputSchema } from '../../shared/contract/mcp';
import { PasteServers } from './PasteServers';
import { useMcp } from './store';
import { problemText, problemWords } from '../common/problem-text';
import { problemOfIssue } from '../../shared/domain/problem';

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

/** A row's words: headers and environment variables are said apart, each a whole phrase in every language. */
const WORDS = {
  header: { row: 'secrets.header', name: 'secrets.headerName', value: 'secrets.headerValue', remove: 'secrets.removeHeader', add: 'secrets.addHeader' },
  variable: { row: 'secrets.variable', name: 'secrets.variableName', value: 'secrets.variableValue', remove: 'secrets.removeVariable', add: 'secrets.addVariable' },
} as const;

interface SecretsProps {
  legend: string;
  what: keyof typeof WORDS;
  namePlaceholder: string;
  rows: SecretRow[];
  onChange(rows: SecretRow[]): void;
}

/** Names in the clear, values as secrets: a stored value shows as stored, with Replace. */
function SecretRows({ legend, what, namePlaceholder, rows, onChange }: SecretsProps) {
  const { t } = useTranslation('mcp');
  const words = WORDS[what];
  const id = useId();
  const change = (key: string, patch: Partial<SecretRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="secret-rows">
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        <div className="secret-row" key={row.key} role="group" aria-label={t(words.row, { n: index + 1 })}>
          <input
            type="text"
            aria-label={t(words.name, { n: index + 1 })}
            spellCheck={false}
            dir="ltr"
            translate="no"
            placeholder={namePlaceholder}
            value={row.name}
            onChange={(event) => change(row.key, { name: event.target.value })}
          />
          {row.stored && !row.replacing ? (
            <span className="stored-value">
              <span aria-label={t('secrets.storedLabel')}>{t('secrets.stored')}</span>
              <button type="button" className="small secondary" onClick={() => change(row.key, { replacing: true })}>
                {t('secrets.replace')}
              </button>
            </span>
          ) : (
            <input
              type="password"
              autoComplete="off"
              dir="ltr"
              aria-label={t(words.value, { n: index + 1 })}
              placeholder={row.stored ? t('secrets.newValue') : t('secrets.value')}
              value={row.value}
              onChange={(event) => change(row.key, { value: event.target.value })}
            />
          )}
          <button
            type="button"
            className="small secondary"
            aria-label={t(words.remove, { n: index + 1 })}
            onClick={() => onChange(rows.filter((x) => x.key !== row.key))}
          >
            {t('secrets.remove')}
          </button>
        </div>
      ))}
      <button type="button" className="small secondary" id={`${id}-add`} onClick={() => onChange([...rows, blankRow()])}>
        {t(words.add)}
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
  const { t } = useTranslation('mcp');
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
  const [refusal, setRefusal] = useState<unknown>(null);
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

  const secrets = (rows: SecretRow[], what: keyof typeof WORDS) => {
    const missing = rows.find((row) => row.name.trim() && !row.value && (!row.stored || row.replacing));
    const name = missing?.name.trim();
    if (name) return { error: what === 'header' ? t('form.missingHeader', { name }) : t('form.missingVariable', { name }) };
    return {
      entries: rows
        .filter((row) => row.name.trim())
        .map((row) => (row.stored && !row.replacing ? { name: row.name } : { name: row.name, value: row.value })),
    };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const values = kind === 'http' ? secrets(headers, 'header') : secrets(env, 'variable');
    if (values.error) return setProblem(values.error);
    const parsed = serverInputSchema.safeParse({
      name,
      transport:
        kind === 'http'
          ? { type: 'http', url: url.trim(), headers: values.entries }
          : { type: 'stdio', command, args: args.split('\n').filter((arg) => arg.trim() !== ''), env: values.entries },
    });
    if (!parsed.success) {
      const named = problemOfIssue(parsed.error.issues[0]);
      return setProblem(named ? problemWords(named) : t('form.invalid'));
    }
    setProblem(null);
    setSaving(true);
    try {
      const store = useMcp.getState();
      await (server ? store.update(server.id, parsed.data) : store.add(parsed.data));
      onDone();
    } catch (error) {
      setRefusal(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="server-form" noValidate aria-label={server ? t('form.editLabel', { name: server.name }) : t('form.add')} onSubmit={save}>
      {!server && <PasteServers onOne={fill} onAdded={onDone} />}
      {filled && (
        <p className="hint" role="status">
          {t('form.filled')}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('form.name')}</label>
        <input id={`${id}-name`} type="text" dir="auto" value={name} maxLength={MAX_NAME_CHARS} placeholder={t('form.namePlaceholder')} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset className="choice">
        <legend>{t('form.connection')}</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'http'} onChange={() => setKind('http')} />
          {t('form.http')} <span className="hint">{t('form.httpHint')}</span>
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'stdio'} onChange={() => setKind('stdio')} />
          {t('form.local')} <span className="hint">{t('form.localHint')}</span>
        </label>
      </fieldset>
      {kind === 'http' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('form.url')}</label>
            <input
              id={`${id}-url`}
              type="url"
              dir="ltr"
              translate="no"
              spellCheck={false}
              placeholder="https://tools.example.com/mcp"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </div>
          <SecretRows legend={t('form.headers')} what="header" namePlaceholder="Authorization" rows={headers} onChange={setHeaders} />
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-command`}>{t('form.command')}</label>
            <input
              id={`${id}-command`}
              type="text"
              dir="ltr"
              translate="no"
              spellCheck={false}
              placeholder="/usr/local/bin/notes-mcp"
              value={command}
              onChange={(event) => setCommand(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-args`}>{t('form.arguments')}</label>
            <textarea
              id={`${id}-args`}
              rows={3}
              dir="ltr"
              translate="no"
              spellCheck={false}
              placeholder={'--root\n/home/me/notes'}
              value={args}
              aria-describedby={`${id}-args-hint`}
              onChange={(event) => setArgs(event.target.value)}
            />
            <p className="hint" id={`${id}-args-hint`}>
              {t('form.argumentsHint')}
            </p>
          </div>
          <SecretRows legend={t('form.env')} what="variable" namePlaceholder="NOTES_TOKEN" rows={env} onChange={setEnv} />
        </>
      )}
      {(problem !== null || refusal !== null) && (
        <p className="field-error" role="alert">
          {problem ?? problemText(refusal)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={saving}>
          {saving ? t('form.connecting') : server ? t('form.saveReconnect') : t('form.addServer')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
