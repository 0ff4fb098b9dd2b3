import type { KeyStatus } from '../../shared/contract/secrets';
import { counted } from '../../shared/domain/plural';

const STORAGE_WORDS = { keychain: 'is stored in the system keychain', memory: 'is kept for this run only (in memory, never on disk)', none: '', unknown: '' };

const DAYS = { one: 'day', other: 'days' };
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
const age = (days: number) => (days === 0 ? 'today' : days === 1 ? 'yesterday' : `${counted(days, DAYS)} ago`);

/** What is known about the stored key: where it is kept, which address it is for, and its age. */
export function KeyFacts({ status }: { status: KeyStatus }) {
  if (!status.stored) return null;
  if (!status.usable) {
    return (
      <div className="notice warning" role="status">
        <p className="notice-title">No key for this address</p>
        <p>
          The stored key (ending in <span className="mono">…{status.last4}</span>) was saved for{' '}
          <strong className="mono">{status.origin ?? 'no address'}</strong>. Confab sends a key only to the address it
          was saved for, so requests to <strong className="mono">{status.currentOrigin ?? 'this address'}</strong> go
          without one. Enter a key for this address below (it replaces the stored one), or set the base URL back.
        </p>
      </div>
    );
  }
  return (
    <>
      <p>
        A key ending in <strong className="mono">…{status.last4}</strong> {STORAGE_WORDS[status.storage]}.
      </p>
      <p className="hint">
        For <span className="mono">{status.origin}</span>
        {status.savedAt && status.ageDays !== null && (
          <>
            {' '}
            · saved {age(status.ageDays)} (<time dateTime={status.savedAt}>{day(status.savedAt)}</time>)
          </>
        )}
      </p>
      {status.rotationDue && status.ageDays !== null && (
        <p className="notice warning" role="status">
          This key is {counted(status.ageDays, DAYS)} old. Consider replacing it: create a new key in the developer dashboard,
          then use Replace key. Confab checks the new key before it gives up the old one.
        </p>
      )}
    </>
  );
}
