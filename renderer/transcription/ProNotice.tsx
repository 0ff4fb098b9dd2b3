import { openSettings } from '../navigation';

/** Why the controls are off on the Free plan, and where to change it. */
export function ProNotice() {
  return (
    <div className="notice setup pro-notice" role="status">
      <div>
        <p className="notice-title">Transcription is a Pro feature</p>
        <p>
          Your plan is set to Free, and the service transcribes audio for Pro accounts only, so recordings cannot be sent.
          If your account is Pro, choose Pro in Settings. Transcripts you already have stay available here.
        </p>
      </div>
      <button type="button" onClick={openSettings}>
        Open Settings
      </button>
    </div>
  );
}
