import type { OriginalState } from './store';

/**
 * Says that the page shows the user's corrections, and switches to the service's original
 * (read-only) and back; exports and Ask always use the edited version.
 */
export function EditedSign(props: { showingOriginal: boolean; original: OriginalState | undefined; onShowOriginal(show: boolean): void }) {
  const { showingOriginal, original } = props;
  return (
    <div className={showingOriginal ? 'edited-sign original' : 'edited-sign'} role="note" aria-label="Edits">
      {showingOriginal ? (
        <>
          <p>
            <strong>The service's original</strong> · as it was transcribed, before your edits; read-only. Exports and Ask use your edited version.
          </p>
          <button type="button" className="link" onClick={() => props.onShowOriginal(false)}>
            Back to the edited version
          </button>
        </>
      ) : (
        <>
          <p>
            <strong>Edited</strong> · this is your corrected version, in every export and in Ask.
          </p>
          <button type="button" className="link" onClick={() => props.onShowOriginal(true)}>
            Show the service's original
          </button>
        </>
      )}
      {showingOriginal && original?.status === 'loading' && <p className="hint">Loading the original…</p>}
      {showingOriginal && original?.status === 'failed' && (
        <p className="field-error" role="alert">
          The original could not be loaded: {original.problem}
        </p>
      )}
    </div>
  );
}
