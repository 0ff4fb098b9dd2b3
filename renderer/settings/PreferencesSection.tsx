import { useSettings } from './store';

export function PreferencesSection() {
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  if (!settings) return null;

  return (
    <section aria-labelledby="plan-heading" className="card">
      <h2 id="plan-heading">Plan and appearance</h2>
      <fieldset className="choice">
        <legend>Plan</legend>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'free'} onChange={() => void update({ plan: 'free' })} />
          Free <span className="hint">— the <code>default</code> model only</span>
        </label>
        <label>
          <input type="radio" name="plan" checked={settings.plan === 'pro'} onChange={() => void update({ plan: 'pro' })} />
          Pro <span className="hint">— every model, JSON mode, tools and transcription</span>
        </label>
      </fieldset>
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
