import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { nameOf } from '../chat';
import { type Toast as ToastState, useHistory } from './store';

/** Undo stays long enough to notice; an error stays until dismissed, since it needs reading; work under way until it ends. */
const LIFETIME_MS = { undo: 8000, done: 4000, working: null, problem: null } as const;

/**
 * The history's one toast: Undo after a delete, a confirmation, or a problem. Its timer
 * pauses while the pointer or the focus is on it, so nobody loses it mid-read.
 */
export function Toast() {
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
        <p>Deleted “{nameOf(toast.conversation)}”.</p>
        <button type="button" className="small" autoFocus={toast.focus} onClick={(event) => void undo(event.detail === 0)}>
          Undo
        </button>
      </div>
    );
  }
  return (
    <div className={`toast ${toast.kind}`} role={toast.kind === 'problem' ? 'alert' : 'status'} {...hold}>
      <div className="toast-text">
        {toast.kind === 'problem' && <p className="notice-title">{toast.title}</p>}
        <p>{toast.text}</p>
      </div>
      <button type="button" className="small secondary" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
