import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import { useNavigation } from '../navigation';
import { useSettings } from '../settings';
import { DropZone } from './DropZone';
import { ProNotice } from './ProNotice';
import { Queue } from './Queue';
import { RecentTranscripts } from './RecentTranscripts';
import { checkRequest } from './request';
import { RequestForm } from './RequestForm';
import { ResultView } from './ResultView';
import { type IntakeNotice, useTranscription } from './store';
import { useIntake } from './intake';
import { useJobs } from './jobs';
import './transcription.css';

function NoticeText({ notice }: { notice: IntakeNotice }) {
  const { t } = useTranslation('transcription');
  const { list } = useFormats();
  switch (notice.kind) {
    case 'needsPro':
      return t('screen.needsPro', { names: list(notice.names) });
    case 'heldForPro':
      return t('screen.heldForPro', { names: list(notice.names), count: notice.names.length });
    case 'optionsNotKept':
      return t('screen.optionsNotKept', { problem: problemText(notice.error) });
  }
}

/** Drop zone, options, queue and recent transcripts: where recordings come in. */
function Intake() {
  const { t } = useTranslation('transcription');
  const { t: tr } = useTranslation('recording');
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  const form = useTranscription((s) => s.form);
  const hasJobs = useJobs((s) => (s.jobs?.length ?? 0) > 0);
  const hasQueue = useIntake((s) => s.items.length > 0) || hasJobs;
  const notice = useTranscription((s) => s.notice);
  const dismissNotice = useTranscription((s) => s.dismissNotice);
  const { errors, request } = checkRequest(form);
  const blocked = !pro ? 'pro' : !request ? 'options' : null;

  return (
    <main className="screen transcription intake" aria-labelledby="transcription-heading">
      <header className="tx-header">
        <h1 id="transcription-heading">{t('screen.heading')}</h1>
        <span className="badge pro-badge">{t('screen.pro')}</span>
        <button type="button" className="secondary small tx-record" onClick={() => useNavigation.getState().show('recording')}>
          {tr('screen.fromTranscription')}
        </button>
      </header>
      {!pro && <ProNotice />}
      {notice && (
        <div className="notice error" role="alert">
          <p>
            <NoticeText notice={notice} />
          </p>
          <button type="button" className="small secondary" onClick={dismissNotice}>
            {t('screen.dismiss')}
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
