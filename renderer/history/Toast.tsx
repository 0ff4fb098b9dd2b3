import type { TFunction } from 'i18next';
import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameOf } from '../chat';
import { problemText, problemWords } from '../common/problem-text';
import { useFormats } from '../i18n/format';
import { type Toast as ToastState, type ToastProblem, useHistory } from './store';

/** Undo stays long enough to notice; an error stays until dismissed, since it needs reading; work under way until it ends. */
const LIFETIME_MS = { undo: 8000, done: 4000, working: null, problem: null } as const;

/** What failed, as its title says it. */
function failedTitle(problem: ToastProblem, t: TFunction<'history'>): string {
  switch (problem.failed) {
    case 'exportOne':
      return t('toast.exportOneFailed');
    case 'exportAll':
      return t('toast.exportAllFailed');
    case 'open':
      return t('toast.openFailed');
    case 'delete':
      return t('toast.deleteFailed', { title: nameOf(problem.conversation) });
    case 'restore':
      return t('toast.restoreFailed', { title: nameOf(problem.conversation) });
    case 'import':
      return t('toast.importFailed', { fileName: problem.fileName });
  }
}

/** The toast's words, worded now so a change of language re-words one on screen. */
function words(toast: Exclude<ToastState, { kind: 'undo' }>, t: TFunction<'history'>): string {
  switch (toast.kind) {
    case 'done':
      return 'saved' in toast.note ? toast.note.saved : t('toast.imported', { title: toast.note.imported });
    case 'working':
      return t('toast.importing', { fileName: toast.importing });
    case 'problem':
      return 'problems' in toast ? toast.problems.map(problemWords).join(' ') : problemText(toast.error);
  }
}

/**
 * An import under way: the file read, then its messages written, as a bar and in words; Cancel
 * asks main to stop (it answers import.cancelled, and nothing of the file stays).
 */
function ImportToast({ toast, hold }: { toast: Extract<ToastState, { kind: 'working' }>; hold: Record<string, () => void> }) {
  const { t } = useTranslation('history');
  const formats = useFormats();
  const { progress, fileId } = toast;
  const writing = progress?.messagesTotal != null;
  const label = !progress
    ? t('toast.importing', { fileName: toast.importing })
    : writing
      ? t('toast.importWriting', { fileName: toast.importing, done: formats.number(progress.messagesDone), total: formats.number(progress.messagesTotal!) })
      : t('toast.importReading', { fileName: toast.importing, read: formats.size(progress.bytesRead), total: formats.size(progress.totalBytes) });
  const [value, max] = !progress ? [undefined, 1] : writing ? [progress.messagesDone, progress.messagesTotal!] : [progress.bytesRead, progress.totalBytes || 1];
  return (
    <div className="toast working" role="status" {...hold}>
      <div className="toast-text">
        <p>{label}</p>
        <progress className="toast-progress" value={value} max={max} aria-label={label} />
      </div>
      {fileId && (
        <button type="button" className="small secondary" onClick={() => useHistory.getState().cancelImport(fileId)}>
          {t('toast.cancelImport')}
        </button>
      )}
    </div>
  );
}

/**
 * The history's one toast: Undo after a delete, a confirmation, or a problem. Its timer
 * pauses while the pointer or the focus is on it, so nobody loses it mid-read.
 */
export function Toast() {
  const { t } = useTranslation('history');
  const toast = useHistory((s) => s.toast);
  // Held for one toast: the next one starts its own timer, wherever the pointer is.
  const [heldFor, setHeldFor] = useState<ToastState | null>(null);
  const held = toast !== null && heldFor === toast;
  const { undo, dismissToast } = useHistory.getState();
  // Where the focus was when the toast appeared (the import field, say), for Dismiss to return it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [toast]);

  useEffect(() => {
    const lifetime = toast && LIFETIME_MS[toast.kind];
    if (!lifetime || held) return;
    const timer = setTimeout(dismissToast, lifetime);
    return () => clearTimeout(timer);
  }, [toast, held, dismissToast]);

  if (!toast) return null;
  // A click with no pointer behind it (detail 0) came from the keyboard, whose focus must land somewhere.
  const dismiss = (event: MouseEvent) => {
    dismissToast();
    if (event.detail === 0 && opener.current?.isConnected) opener.current.focus();
  };
  const hold = {
    onPointerEnter: () => setHeldFor(toast),
    onPointerLeave: () => setHeldFor(null),
    onFocus: () => setHeldFor(toast),
    onBlur: () => setHeldFor(null),
  };

  if (toast.kind === 'undo') {
    return (
      <div className="toast" role="status" {...hold}>
        <p>{t('toast.deleted', { title: nameOf(toast.conversation) })}</p>
        <button type="button" className="small" autoFocus={toast.focus} onClick={(event) => void undo(event.detail === 0)}>
          {t('toast.undo')}
        </button>
      </div>
    );
  }
  if (toast.kind === 'working') return <ImportToast toast={toast} hold={hold} />;
  return (
    <div className={`toast ${toast.kind}`} role={toast.kind === 'problem' ? 'alert' : 'status'} {...hold}>
      <div className="toast-text">
        {toast.kind === 'problem' && <p className="notice-title">{failedTitle(toast, t)}</p>}
        <p>{words(toast, t)}</p>
      </div>
      <button type="button" className="small secondary" onClick={dismiss}>
        {t('toast.dismiss')}
      </button>
    </div>
  );
}
