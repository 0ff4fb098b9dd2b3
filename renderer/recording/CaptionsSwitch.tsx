import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings';

/** Live captions on or off (main keeps the choice), saying what they cost: the audio goes to the service twice. */
export function CaptionsSwitch() {
  const { t } = useTranslation('recording');
  const on = useSettings((s) => s.settings?.liveCaptions ?? true);
  const hint = useId();
  return (
    <div className="rec-captions-switch">
      <label className="rec-check">
        <input type="checkbox" checked={on} aria-describedby={hint} onChange={(event) => void useSettings.getState().update({ liveCaptions: event.target.checked })} />
        {t('captions.switch')}
      </label>
      <p className="hint" id={hint}>
        {t('captions.hint')}
      </p>
    </div>
  );
}
