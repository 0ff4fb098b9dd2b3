import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SettingsPatch, speakerNameSchema } from '../../shared/contract/settings';
import { problemOfIssue } from '../../shared/domain/problem';
import { problemText, problemWords } from '../common/problem-text';
import { TextField } from '../common/TextField';
import { useSettings } from '../settings';
import { useRecorder } from './store';

/**
 * Asked once, before the first recording: the name the microphone's words are labelled with (by
 * track beside system audio; with the microphone alone, when the user says after Stop that all of it was them).
 * Saved in settings (main checks it); Skip leaves it unset, and main remembers it was asked.
 */
export function NamePrompt({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('recording');
  const systemAudio = useRecorder((s) => s.capabilities?.systemAudio.available ?? false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  /** Main refused the answer (not the disk: settings it cannot write are held): said here, never a dead button. */
  const [refused, setRefused] = useState<string | null>(null);
  const answer = async (patch: SettingsPatch) => {
    setRefused(null);
    if (await useSettings.getState().update(patch)) onDone();
    else setRefused(problemText(useSettings.getState().error));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = speakerNameSchema.safeParse(name);
    if (!parsed.success) {
      const named = problemOfIssue(parsed.error.issues[0]);
      return setProblem(named ? problemWords(named) : problemText(parsed.error));
    }
    await answer({ speakerName: parsed.data });
  };

  return (
    <form className="card rec-name" aria-labelledby="rec-name-heading" noValidate onSubmit={(event) => void save(event)}>
      <h2 id="rec-name-heading">{t('name.heading')}</h2>
      {/* What happens for the sources this computer can record: no promise a microphone alone would break. */}
      <p className="hint">{t(systemAudio ? 'name.introBoth' : 'name.introMic')}</p>
      <TextField label={t('name.label')} hint={t('name.hint')} value={name} error={problem} onChange={setName} />
      {refused !== null && (
        <p className="notice error" role="alert">
          {refused}
        </p>
      )}
      <div className="rec-buttons">
        <button type="submit">{t('name.save')}</button>
        <button type="button" className="secondary" onClick={() => void answer({ speakerNameAsked: true })}>
          {t('name.skip')}
        </button>
      </div>
    </form>
  );
}

/** Whether to ask: main has not had a name or a Skip yet. */
export const useAsksName = () => useSettings((s) => s.settings !== null && !s.settings.speakerNameAsked);
