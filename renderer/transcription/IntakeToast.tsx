import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../i18n';
import { openSettings } from '../navigation';
import { useSettings } from '../settings';
import { useIntake } from './intake';
import { RefusalWords } from './Queue';
import { type IntakeNotice, useTranscription } from './store';

/**
 * A refused file said where the eye is, not only in its queue row: a drop lands anywhere on the
 * window, and the queue may be scrolled out of view (or on another screen). Shown over the pane
 * until dismissed, or until the row it stands for is retried or removed; the newest refusal only.
 */
export function IntakeToast() {
  const { t } = useTranslation('transcription');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const item = useIntake((s) => s.items.findLast((i) => i.state === 'rejected' && !dismissed.has(i.key)));
  const notice = useTranscription((s) => s.notice);
  // A drop on the Free plan adds no row: its notice stands for it, the newest refusal, until it is dismissed here.
  const [noticeDismissed, setNoticeDismissed] = useState<IntakeNotice | null>(null);
  // Stale once the plan is Pro: the next drop is taken.
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  if (notice?.kind === 'needsPro' && notice !== noticeDismissed && !pro) return <NeedsProToast names={notice.names} onDismiss={() => setNoticeDismissed(notice)} />;
  if (!item) return null;
  const dismiss = () => setDismissed(new Set(dismissed).add(item.key));
  const showRow = () => {
    const row = document.querySelector<HTMLElement>(`[data-intake="${CSS.escape(item.key)}"]`);
    row?.scrollIntoView({ block: 'center' });
    // Its first action (Retry or Remove) takes the focus, so the keyboard lands where the row is.
    row?.querySelector<HTMLElement>('button, input')?.focus({ preventScroll: true });
    dismiss();
  };
  return (
    <OverPaneAlert action={t('queue.showRefused')} onAction={showRow} onDismiss={dismiss}>
      <RefusalWords item={item} />
    </OverPaneAlert>
  );
}

/** Nothing was added: the plan in Settings is Free (the notice at the top of Transcribe says it too). */
function NeedsProToast({ names, onDismiss }: { names: string[]; onDismiss(): void }) {
  const { t } = useTranslation('transcription');
  const { list } = useFormats();
  return (
    <OverPaneAlert action={t('proNotice.open')} onAction={openSettings} onDismiss={onDismiss}>
      {t('screen.needsPro', { names: list(names) })}
    </OverPaneAlert>
  );
}

/** A refusal said over the page, with the one thing to do about it and Dismiss. */
function OverPaneAlert({ children, action, onAction, onDismiss }: { children: ReactNode; action: string; onAction(): void; onDismiss(): void }) {
  const { t } = useTranslation('transcription');
  return (
    <div className="notice error over-pane" role="alert">
      <p>{children}</p>
      <div className="actions">
        <button type="button" className="small secondary" onClick={onAction}>
          {action}
        </button>
        <button type="button" className="small secondary" onClick={onDismiss}>
          {t('screen.dismiss')}
        </button>
      </div>
    </div>
  );
}
