import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemWords } from '../common/problem-text';
import { CaptionsSwitch } from './CaptionsSwitch';
import { chooseMic, chosenMic, microphones } from './media';
import { startRecording } from './session';
import { useRecorder } from './store';

/** Lists the microphones, again whenever one is plugged in or out (labels come once access was allowed). */
function useMicrophones() {
  const [list, setList] = useState<MediaDeviceInfo[]>([]);
  const phase = useRecorder((s) => s.phase);
  useEffect(() => {
    const refresh = () => void microphones().then(setList, () => setList([]));
    refresh();
    navigator.mediaDevices.addEventListener('devicechange', refresh);
    return () => navigator.mediaDevices.removeEventListener('devicechange', refresh);
  }, [phase]);
  return list;
}

/** Before recording: the microphone, whether to add system audio (or why it cannot be had, said now), live captions (Pro), and Start. */
export function Sources({ captions }: { captions: boolean }) {
  const { t } = useTranslation('recording');
  const mics = useMicrophones();
  const [mic, setMic] = useState(chosenMic);
  const [wantSystem, setWantSystem] = useState(true);
  const capabilities = useRecorder((s) => s.capabilities);
  const phase = useRecorder((s) => s.phase);
  const micId = useId();
  const systemNote = useId();
  const system = capabilities?.systemAudio;
  const labelled = mics.some((device) => device.label !== '');

  return (
    <section className="card rec-sources" aria-labelledby="rec-sources-heading">
      <h2 id="rec-sources-heading">{t('sources.heading')}</h2>
      <div className="field">
        <label htmlFor={micId}>{t('sources.microphone')}</label>
        <select
          id={micId}
          value={mics.some((device) => device.deviceId === mic) ? mic : ''}
          onChange={(event) => {
            setMic(event.target.value);
            chooseMic(event.target.value);
          }}
        >
          <option value="">{t('sources.defaultMic')}</option>
          {mics
            .filter((device) => device.deviceId !== 'default')
            .map((device, index) => (
              <option key={device.deviceId} value={device.deviceId}>
                {device.label || t('sources.unnamedMic', { number: index + 1 })}
              </option>
            ))}
        </select>
        {!labelled && <p className="hint">{t('sources.micHint')}</p>}
      </div>
      <label className="rec-check">
        <input
          type="checkbox"
          checked={Boolean(system?.available) && wantSystem}
          disabled={!system?.available}
          aria-describedby={system && !system.available ? systemNote : undefined}
          onChange={(event) => setWantSystem(event.target.checked)}
        />
        {t('sources.system')}
      </label>
      {system && !system.available && (
        <p className="notice rec-warning" id={systemNote} data-testid="rec-system-unavailable">
          {system.problem ? problemWords(system.problem) : t('sources.systemUnavailable')}
        </p>
      )}
      {/* Who spoke, as it will be labelled for the sources chosen now. */}
      <p className="hint" data-testid="rec-labels">
        {t(Boolean(system?.available) && wantSystem ? 'sources.labelsBoth' : 'sources.labelsMic')}
      </p>
      {captions && <CaptionsSwitch />}
      <div className="rec-buttons">
        <button type="button" className="rec-start" disabled={phase !== 'idle' || !capabilities} onClick={() => void startRecording(Boolean(system?.available) && wantSystem)}>
          <span className="rec-dot" aria-hidden="true" />
          {phase === 'starting' ? t('sources.starting') : t('sources.start')}
        </button>
      </div>
    </section>
  );
}
