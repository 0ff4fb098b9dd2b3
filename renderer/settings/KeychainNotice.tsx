import { useEffect, useRef } from 'react';
import type { KeychainProblem } from '../../shared/contract/secrets';

const WORDS: Record<KeychainProblem, { what: string; todo: string }> = {
  locked: {
    what: 'The system keychain is locked, and its unlock prompt could not be shown or was dismissed.',
    todo: 'Unlock your login keyring (for example in Passwords and Keys), then press Save key again.',
  },
  unavailable: {
    what: 'Confab found no system keychain to keep the key in.',
    todo: 'On Linux, install or start GNOME Keyring or KWallet (a Secret Service with a login keyring), then press Save key again.',
  },
  denied: {
    what: 'The system keychain refused Confab access.',
    todo: 'Allow Confab in your keychain settings, then press Save key again.',
  },
  failed: {
    what: 'The system keychain did not answer as expected.',
    todo: 'Press Save key to try again; if it keeps failing, the log has the keychain’s own words.',
  },
};

interface Props {
  problem: KeychainProblem;
  /** True right after Save: the user pressed it and is looking here, so it is announced and brought into view. */
  justFailed: boolean;
  busy: boolean;
  onRunOnly(): void;
}

/** Why the key cannot go to the keychain, what to do about it, and the way around it: this run only. */
export function KeychainNotice({ problem, justFailed, busy, onRunOnly }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justFailed) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [justFailed]);
  const words = WORDS[problem];
  return (
    <div ref={ref} className="notice warning keychain-notice" role={justFailed ? 'alert' : 'status'}>
      <p className="notice-title">{justFailed ? 'The key works, but it was not saved.' : 'The key cannot be kept in the keychain now.'}</p>
      <p>
        {words.what} {words.todo}
      </p>
      <p>Or keep it in memory for this run only: it is never written to disk, and Confab forgets it when it quits.</p>
      <button type="button" disabled={busy} onClick={onRunOnly}>
        Use this key for this run only
      </button>
    </div>
  );
}
