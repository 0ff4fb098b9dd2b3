import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeychainProblem } from '../../shared/contract/secrets';

const WORDS = {
  locked: { what: 'keychain.lockedWhat', todo: 'keychain.lockedTodo' },
  unavailable: { what: 'keychain.unavailableWhat', todo: 'keychain.unavailableTodo' },
  denied: { what: 'keychain.deniedWhat', todo: 'keychain.deniedTodo' },
  failed: { what: 'keychain.failedWhat', todo: 'keychain.failedTodo' },
} as const satisfies Record<KeychainProblem, { what: string; todo: string }>;

interface Props {
  problem: KeychainProblem;
  /** True right after Save: the user pressed it and is looking here, so it is announced and brought into view. */
  justFailed: boolean;
  busy: boolean;
  onRunOnly(): void;
}

/** Why the key cannot go to the keychain, what to do about it, and the way around it: this run only. */
export function KeychainNotice({ problem, justFailed, busy, onRunOnly }: Props) {
  const { t } = useTranslation('settings');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justFailed) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [justFailed]);
  const words = WORDS[problem];
  return (
    <div ref={ref} className="notice warning keychain-notice" role={justFailed ? 'alert' : 'status'}>
      <p className="notice-title">{justFailed ? t('keychain.notSaved') : t('keychain.cannotKeep')}</p>
      <p>
        {t(words.what)} {t(words.todo)}
      </p>
      <p>{t('keychain.runOnlyHint')}</p>
      <button type="button" disabled={busy} onClick={onRunOnly}>
        {t('keychain.runOnly')}
      </button>
    </div>
  );
}
