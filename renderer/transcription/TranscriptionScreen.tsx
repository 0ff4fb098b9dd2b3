import { useEffect } from 'react';
import { useNavigation } from '../navigation';
import { useSettings } from '../settings';
import { DropZone } from './DropZone';
import { ProNotice } from './ProNotice';
import { Queue } from './Queue';
import { RecentTranscripts } from './RecentTranscripts';
import { checkRequest } from './request';
import { RequestForm } from './RequestForm';
import { ResultView } from './ResultView';
import { useTranscription } from './store';
import { useIntake } from './intake';
import { useJobs } from './jobs';
import './transcription.css';

/** Drop zone, options, queue and recent transcripts: where recordings come in. */
function Intake() {
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  const form = useTranscription((s) => s.form);
  const hasJobs = useJobs((s) => (s.jobs?.length ?? 0) > 0);
  const hasQueue = useIntake((s) => s.items.length > 0) || hasJobs;
  const notice = useTranscription((s) => s.notice);
  const dismissNotice = useTranscription((s) => s.dismissNotice);
  const { errors, request } = checkRequest(form);
  const blocked = !pro ? 'transcription needs the Pro plan.' : !request ? 'fix the options below to start.' : null;

  return (
    <main className="screen transcription intake" aria-labelledby="transcription-heading">
      <header className="tx-header">
        <h1 id="transcription-heading">Transcribe</h1>
        <span className="badge pro-badge">Pro</span>
      </header>
      {!pro && <ProNotice />}
      {notice && (
        <div className="notice error" role="alert">
          <p>{notice}</p>
          <button type="button" className="small secondary" onClick={dismissNotice}>
            Dismiss
          </button>
        </div>
      )}
      <div className="tx-intake">
        <div className="tx-intake-main">
          <DropZone disabled={!pro} compact={hasQueue} />
          {hasQueue && <Queue blocked={blocked} />}
          <RequestForm form={form} errors={errors} disabled={!pro} />
        </div>
        <RecentTranscripts />
      </div>
    </main>
  );
}

export function TranscriptionScreen() {
  const transcriptId = useNavigation((s) => s.transcriptId);
  const plan = useSettings((s) => s.settings?.plan);
  const form = useTranscription((s) => s.form);
  // Files held for the options (or the Pro plan) go to main's queue once those are fine.
  useEffect(() => useIntake.getState().release(), [plan, form]);
  return transcriptId ? <ResultView key={transcriptId} id={transcriptId} /> : <Intake />;
}
