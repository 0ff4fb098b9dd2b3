import { useId, useState } from 'react';
import { type KeyWarning, setKeyInputSchema } from '../../shared/contract/secrets';
import { FailureNotice } from '../common/FailureNotice';
import { KeyFacts } from './KeyFacts';
import { KeychainNotice } from './KeychainNotice';
import { useSettings } from './store';

const KEY_WARNINGS: Record<KeyWarning, string> = {
  not_a_service_key:
    'This key does not start with "sk-", the prefix of the service\'s API keys. It was saved; if requests fail, copy the key again from the developer dashboard.',
};

export function ApiKeySection() {
  const key = useSettings((state) => state.key);
  const setKey = useSettings((state) => state.setKey);
  const deleteKey = useSettings((state) => state.deleteKey);
  const refused = useSettings((state) => state.refusedKey);
  const notStored = useSettings((state) => state.keyNotStored);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [trying, setTrying] = useState(false);
  if (!key) return null;

  // A key saved for another address cannot be used here: the form to enter one for this address shows at once.
  const showEntry = !key.usable || editing;
  const replacing = key.usable && editing;
  const keychainProblem = notStored ?? key.keychainProblem;

  // One message at a time: each attempt clears what the last one said before it speaks.
  const clearMessages = () => {
    setProblem(null);
    useSettings.setState({ refusedKey: null, keyNotStored: null, error: null });
  };

  const save = async (memoryOnly: boolean) => {
    clearMessages();
    const parsed = setKeyInputSchema.safeParse({ key: draft, memoryOnly });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'This key is not valid.');
      return;
    }
    // The draft is cleared only once main has the key, so a failure loses nothing typed.
    setTrying(true);
    const saved = await setKey(parsed.data.key, memoryOnly);
    setTrying(false);
    if (saved) {
      setDraft('');
      setEditing(false);
    }
  };

  return (
    <section aria-labelledby="key-heading" className="card">
      <h2 id="key-heading">API key</h2>
      {key.stored && (
        <div className="key-stored">
          <KeyFacts status={key} />
          {!editing && !confirmDelete && (
            <div className="actions">
              {key.usable && (
                <button type="button" onClick={() => setEditing(true)}>
                  Replace key
                </button>
              )}
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
          {KEY_WARNINGS[key.warning]}
        </p>
      )}
      {key.storage === 'unknown' && (
        <p className="warning" role="status">
          Confab cannot tell whether a key is stored: the system keychain could not be read.
        </p>
      )}
      {showEntry && (
        <form
          className="field"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save(false);
          }}
        >
          <label htmlFor={inputId}>{replacing ? 'New API key' : 'API key'}</label>
          <div className="field-row">
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="sk-…"
              value={draft}
              aria-invalid={problem !== null}
              onChange={(event) => {
                setDraft(event.target.value);
                if (problem) setProblem(null);
              }}
            />
            <button type="submit" disabled={trying}>
              {trying ? 'Trying the key…' : 'Save key'}
            </button>
            {replacing && (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setEditing(false);
                  // The messages were about the candidate being dropped now.
                  clearMessages();
                }}
              >
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
              {replacing
                ? 'Confab first tries the new key with one tiny request; the old key stays until that works. '
                : 'Confab first tries the key with one tiny request and saves it once the service accepts it. '}
              {/* While the keychain fails, where the key will be kept is the user's choice below. */}
              {!keychainProblem && 'Kept in the system keychain. '}
              Confab shows only its last four characters.
              {key.currentOrigin && ` It will be used only for ${key.currentOrigin}.`}
            </p>
          )}
          {keychainProblem && (
            <KeychainNotice problem={keychainProblem} justFailed={notStored !== null} busy={trying} onRunOnly={() => void save(true)} />
          )}
        </form>
      )}
      {refused && !problem && (
        <div aria-live="polite">
          <p className="hint">
            {key.stored ? 'The new key was not saved. The stored key is unchanged.' : 'The key was not saved.'}
          </p>
          <FailureNotice failure={refused} inSettings />
        </div>
      )}
    </section>
  );
}
