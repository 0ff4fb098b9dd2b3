import { ProfilesSection } from './profiles/ProfilesSection';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { McpSection } from './McpSection';
import { ToolPermissionsSection } from '../permissions';
import { PreferencesSection } from './PreferencesSection';
import { ServiceSection } from './ServiceSection';
import { type ReactNode, useRef } from 'react';
import { SettingsNav } from './SettingsNav';
import { useSettings } from './store';

/** `children`: sections of features that come after settings in the dependency order (the history's backups). */
export function SettingsScreen({ children }: { children?: ReactNode }) {
  const error = useSettings((state) => state.error);
  const screen = useRef<HTMLElement>(null);
  const sections = useRef<HTMLDivElement>(null);
  return (
    <main className="screen settings" aria-labelledby="settings-heading" ref={screen}>
      <h1 id="settings-heading">Settings</h1>
      {error && (
        <div className="notice error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <div className="settings-layout">
        <SettingsNav scroller={screen} content={sections} />
        <div className="settings-sections" ref={sections}>
          <ProfilesSection />
          <ServiceSection />
          <ApiKeySection />
          <ConnectionSection />
          <McpSection />
          <ToolPermissionsSection />
          <PreferencesSection />
          {children}
        </div>
      </div>
    </main>
  );
}
