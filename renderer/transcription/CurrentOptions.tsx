import { useSettings } from '../settings';
import { checkRequest } from './request';
import { RequestForm } from './RequestForm';
import { useTranscription } from './store';

/** The transcription options as they stand (main's defaults), for another screen that queues work: the recorder. */
export function CurrentOptions({ intro }: { intro: string }) {
  const form = useTranscription((s) => s.form);
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  return <RequestForm form={form} errors={checkRequest(form).errors} disabled={!pro} intro={intro} />;
}

/** The options a recording is queued with now; null while the form has a field to fix. */
export const useCurrentRequest = () => checkRequest(useTranscription((s) => s.form)).request;
