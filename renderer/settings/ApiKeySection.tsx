import { useId, useState } from 'react';
import { setKeyInputSchema } from '../../shared/contract/secrets';
import { useSettings } from './store';

const STORAGE_WORDS = { keychain: 'in the system keychain', memory: 'in memory for this run only', none: '' };

export function ApiKeySection() {
  const key = useSettings((state) => state.key);
  const setKey = useSettings((state) => state.setKey);
  const deleteKey = useSettings((state) => state.deleteKey);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!key) return null;

  const showEntry = !key.stored || editing;
  const memoryOnly = !key.keychainAvailable;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = setKeyInputSchema.safeParse({ key: draft, memoryOnly });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'This key is not valid.');
      return;
    }
    setProblem(null);
    // The draft is cleared only once main has the key, so a failure loses nothing typed.
    if (await setKey(parsed.data.key, memoryOnly)) {
      setDraft('');
      setEditing(false);
    }
  };

  return (
    <section aria-labelledby="key-heading" className="card">
      <h2 id="key-heading">API key</h2>
      {key.stored && (
        <div className="key-stored">
          <p>
            A key ending in <strong className="mono">…{key.last4}</strong> is stored {STORAGE_WORDS[key.storage]}.
          </p>
          {!editing && !confirmDelete && (
            <div className="actions">
              <button type="button" onClick={() => setEditing(true)}>
                Replace key
              </button>
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
                Delete key
              </button>
            </div>
          )}
          {confirmDelete && (
            <div className="confirm" role="group" aria-label="Confirm deleting the key">
              <p>Delete the stored key? Requests will fail until you add one again.</p>
              <button
                type="button"
                className="danger"
                onClick={async () => {
                  await deleteKey();
                  setConfirmDelete(false);
                }}
              >
                Yes, delete the key
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </div>
          )}
        </div>
      )}
      {key.warning && (
        <p className="warning" role="status">
          {key.warning}
        </p>
      )}
      {key.keychainProblem && (
        <p className="warning" role="status">
          {key.keychainProblem}
        </p>
      )}
      {showEntry && (
        <form className="field" onSubmit={save}>
          <label htmlFor={inputId}>{key.stored ? 'New API key' : 'API key'}</label>
          <div className="field-row">
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="sk-…"
              value={draft}
              aria-invalid={problem !== null}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit">{memoryOnly ? 'Use for this run only' : 'Save key'}</button>
            {editing && (
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : (
            <p className="hint">
              {memoryOnly
                ? 'Without a keychain the key is held in memory and forgotten when Confab quits.'
                : 'Kept in the system keychain. Confab shows only its last four characters.'}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
