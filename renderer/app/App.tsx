import { useEffect } from 'react';
import { SettingsScreen } from '../settings/SettingsScreen';
import { useSettings } from '../settings/store';
import { useTheme } from './useTheme';

export function App() {
  const load = useSettings((state) => state.load);
  const loaded = useSettings((state) => state.settings !== null);
  useTheme();
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Sections">
        <div className="brand" aria-hidden="true">
          Confab
        </div>
        <button type="button" className="nav-item" aria-current="page">
          Settings
        </button>
      </nav>
      {loaded ? <SettingsScreen /> : <LoadingOrError />}
    </div>
  );
}

function LoadingOrError() {
  const error = useSettings((state) => state.error);
  return (
    <main className="screen">
      {error ? (
        <div className="notice error" role="alert">
          <p className="notice-title">Confab could not start</p>
          <p>{error}</p>
        </div>
      ) : (
        <p className="hint">Loading…</p>
      )}
    </main>
  );
}
