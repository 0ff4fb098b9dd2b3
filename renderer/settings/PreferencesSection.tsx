import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from './store';
import { FREE_MODEL } from '../../shared/domain/chat';
import { PARTS_IN_FLIGHT } from '../../shared/contract/settings';
import { useFormats } from '../i18n';
import { modelName } from '../common/names';
import { LanguagePicker } from './LanguagePicker';
import { DefaultBudgetField } from './DefaultBudgetField';

const REMINDER_CHOICES = [30, 60, 90, 180, 365];
const PARTS_CHOICES = Array.from({ length: PARTS_IN_FLIGHT.max - PARTS_IN_FLIGHT.min + 1 }, (_, i) => PARTS_IN_FLIGHT.min + i);

export function PreferencesSection() {
  const { t } = useTranslation('settings');
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  const { number } = useFormats();
  const reminderId = useId();
  const partsId = useId();
  if (!settings) return null;
  const themes = { system: t('preferences.themeSystem'), light: t('preferences.themeLight'), dark: t('preferences.themeDark') };

  return (
    <section aria-labelledby="plan-heading" className="card">
      <h2 id="plan-heading">{t('preferences.heading')}</h2>
      <fieldset className="choice">
        <legend>{t('preferences.plan')}</legend>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'free'} onChange={() => void update({ plan: 'free' })} />
          {t('preferences.free')}{' '}
<span className="hint">{t('preferences.freeHint', { model: modelName(FREE_MODEL) })}</span>
        </label>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'pro'} onChange={() => void update({ plan: 'pro' })} />
          {t('preferences.pro')} <span className="hint">{t('preferences.proHint')}</span>
        </label>
        <p className="hint">{t('preferences.batch')}</p>
      </fieldset>
      <div className="field">
        <label htmlFor={partsId}>{t('preferences.partsInFlight')}</label>
        <select
          id={partsId}
          value={settings.partsInFlight}
          aria-describedby={`${partsId}-hint`}
          onChange={(event) => void update({ partsInFlight: Number(event.target.value) })}
        >
          {PARTS_CHOICES.map((count) => (
            <option key={count} value={count}>
              {number(count)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${partsId}-hint`}>
          {t('preferences.partsInFlightHint', { usual: number(PARTS_IN_FLIGHT.default) })}
        </p>
      </div>
      <DefaultBudgetField />
      <div className="field">
        <label htmlFor={reminderId}>{t('preferences.reminder')}</label>
        <select
          id={reminderId}
          value={settings.keyReminderDays === null ? 'off' : String(settings.keyReminderDays)}
          onChange={(event) =>
            void update({ keyReminderDays: event.target.value === 'off' ? null : Number(event.target.value) })
          }
        >
          {REMINDER_CHOICES.map((days) => (
            <option key={days} value={days}>
              {t('preferences.after', { count: days })}
            </option>
          ))}
          {settings.keyReminderDays !== null && !REMINDER_CHOICES.includes(settings.keyReminderDays) && (
            <option value={settings.keyReminderDays}>{t('preferences.after', { count: settings.keyReminderDays })}</option>
          )}
          <option value="off">{t('preferences.never')}</option>
        </select>
        <p className="hint">{t('preferences.reminderHint')}</p>
      </div>
      <LanguagePicker />
      <fieldset className="choice">
        <legend>{t('preferences.theme')}</legend>
        {(['system', 'light', 'dark'] as const).map((theme) => (
          <label key={theme}>
            <input
              type="radio"
              name="theme"
              checked={settings.theme === theme}
              onChange={() => void update({ theme })}
            />
            {themes[theme]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
