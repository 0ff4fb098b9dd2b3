import { useChat } from './store';

/** Anything wrong with the saved history, said once, plainly, until dismissed or an action of its kind succeeds. */
export function StorageNotice() {
  const problem = useChat((s) => s.storageProblem);
  if (!problem) return null;
  return (
    <div className="notice storage-notice" role="alert">
      <p>{problem.text}</p>
      <button type="button" className="small secondary" onClick={useChat.getState().dismissStorageProblem}>
        Dismiss
      </button>
    </div>
  );
}
