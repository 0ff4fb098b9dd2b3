import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type KeyWarning, type KeychainProblem, setKeyInputSchema } from '../../shared/contract/secrets';
import { FailureNotice } from '../common/FailureNotice';
import { KeyFacts } from './KeyFacts';
import { KeychainNotice } from './KeychainNotice';
import { useSettings } from './store';

const KEY_WARNINGS = { not_a_service_key: 'key.notServiceKey' } as const satisfies Record<KeyWarning, string>;
const DELETION_PENDING = {
  locked: 'key.deletePendingLocked',
  unavailable: 'key.deletePendingUnavailable',
  denied: 'key.deletePendingDenied',
  failed: 'key.deletePendingFailed',
} as const satisfies Record<KeychainProblem, string>;

export function ApiKeySection() {
  const { t } = useTranslation('settings');
  const key = useSettings((state) => state.key);
  const setKey = useSettings((state) => state.setKey);
  const deleteKey = useSettings((state) => state.deleteKey);
  const refused = useSettings((state) => state.refusedKey);
  const notStored = useSettings((state) => state.keyNotStored);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** What the contract's check found wrong with the draft, worded here in the UI language. */
  const [invalid, setInvalid] = useState<'key.empty' | 'key.spaces' | null>(null);
  const [trying, setTrying] = useState(false);
  if (!key) return null;

  // A key saved for another address cannot be used here: the form to enter one for this address shows at once.
  const showEntry = !key.usable || editing;
  const replacing = key.usable && editing;
  const keychainProblem = notStored ?? key.keychainProblem;

  // One message at a time: each attempt clears what the last one said before it speaks.
  const clearMessages = () => {
    setInvalid(null);
    useSettings.setState({ refusedKey: null, keyNotStored: null, error: null });
  };

  const save = async (memoryOnly: boolean) => {
    clearMessages();
    const parsed = setKeyInputSchema.safeParse({ key: draft, memoryOnly });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.code === 'too_small' ? 'key.empty' : 'key.spaces');
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
      <h2 id="key-heading">{t('key.heading')}</h2>
      {key.stored && (
        <div className="key-stored">
          <KeyFacts status={key} />
          {!editing && !confirmDelete && (
            <div className="actions">
              {key.usable && (
                <button type="button" onClick={() => setEditing(true)}>
                  {t('key.replace')}
                </button>
              )}
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
                {t('key.delete')}
              </button>
            </div>
          )}
          {confirmDelete && (
            <div className="confirm" role="group" aria-label={t('key.confirmDelete')}>
              <p>{t('key.deleteQuestion')}</p>
              <button
                type="button"
                className="danger"
                onClick={async () => {
                  await deleteKey();
                  setConfirmDelete(false);
                }}
              >
                {t('key.deleteYes')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmDelete(false)}>
                {t('key.keep')}
              </button>
            </div>
          )}
        </div>
      )}
      {key.warning && (
        <p className="warning" role="status">
          {t(KEY_WARNINGS[key.warning])}
        </p>
      )}
      {key.deletionPending && (
        <p className="warning" role="status">
          {t(DELETION_PENDING[key.deletionPending])}
        </p>
      )}
      {key.storage === 'unknown' && (
        <p className="warning" role="status">
          {t('key.storageUnknown')}
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
          <label htmlFor={inputId}>{replacing ? t('key.newLabel') : t('key.label')}</label>
          <div className="field-row">
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              translate="no"
              placeholder="sk-…"
              value={draft}
              aria-invalid={invalid !== null}
              onChange={(event) => {
                setDraft(event.target.value);
                if (invalid) setInvalid(null);
              }}
            />
            <button type="submit" disabled={trying}>
              {trying ? t('key.trying') : t('key.save')}
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
                {t('key.cancel')}
              </button>
            )}
          </div>
          {invalid ? (
            <p className="field-error" role="alert">
              {t(invalid)}
            </p>
          ) : (
            <p className="hint">
              {replacing ? t('key.hintReplace') : t('key.hintNew')}{' '}
              {/* While the keychain fails, where the key will be kept is the user's choice below. */}
              {!keychainProblem && `${t('key.hintKeychain')} `}
              {t('key.hintLast4')}
              {key.currentOrigin && (
                <>
                  {' '}
                  <Trans t={t} i18nKey="key.hintOrigin" values={{ origin: key.currentOrigin }} components={{ 1: <span translate="no" dir="ltr" /> }} />
                </>
              )}
            </p>
          )}
          {keychainProblem && (
            <KeychainNotice problem={keychainProblem} justFailed={notStored !== null} busy={trying} onRunOnly={() => void save(true)} />
          )}
        </form>
      )}
      {refused && !invalid && (
        <div aria-live="polite">
          <p className="hint">
            {key.stored ? t('key.notSavedReplace') : t('key.notSaved')}
          </p>
          <FailureNotice failure={refused} inSettings />
        </div>
      )}
    </section>
  );
}
