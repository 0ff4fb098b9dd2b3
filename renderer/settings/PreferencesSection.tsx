import { useId } from 'react';
import { counted } from '../../shared/domain/plural';
import { useSettings } from './store';
import { FREE_MODEL } from '../../shared/domain/chat';
import { modelName } from '../common/names';

const REMINDER_CHOICES = [30, 60, 90, 180, 365];

export function PreferencesSection() {
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  const reminderId = useId();
  if (!settings) return null;

  return (
    <section aria-labelledby="plan-heading" className="card">
      <h2 id="plan-heading">Plan, key reminder and appearance</h2>
      <fieldset className="choice">
        <legend>Plan</legend>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'free'} onChange={() => void update({ plan: 'free' })} />
          Free <span className="hint">— the {modelName(FREE_MODEL)} model only</span>
        </label>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'pro'} onChange={() => void update({ plan: 'pro' })} />
          Pro <span className="hint">— every model, JSON mode, tools and transcription</span>
        </label>
        <p className="hint">
          Batch access for large volumes is not self-service: ask the service's operator for it.
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor={reminderId}>Remind me to replace the API key</label>
        <select
          id={reminderId}
          value={settings.keyReminderDays === null ? 'off' : String(settings.keyReminderDays)}
          onChange={(event) =>
            void update({ keyReminderDays: event.target.value === 'off' ? null : Number(event.target.value) })
          }
        >
          {REMINDER_CHOICES.map((days) => (
            <option key={days} value={days}>
              after {counted(days, { one: 'day', other: 'days' })}
            </option>
          ))}
          {settings.keyReminderDays !== null && !REMINDER_CHOICES.includes(settings.keyReminderDays) && (
            <option value={settings.keyReminderDays}>after {counted(settings.keyReminderDays, { one: 'day', other: 'days' })}</option>
          )}
          <option value="off">never</option>
        </select>
        <p className="hint">Settings shows a gentle reminder once a profile's key is older than this. The key is never replaced for you.</p>
      </div>
      <fieldset className="choice">
        <legend>Theme</legend>
        {(['system', 'light', 'dark'] as const).map((theme) => (
          <label key={theme}>
            <input
              type="radio"
              name="theme"
              checked={settings.theme === theme}
              onChange={() => void update({ theme })}
            />
            {theme === 'system' ? 'Follow the system' : theme === 'light' ? 'Light' : 'Dark'}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
