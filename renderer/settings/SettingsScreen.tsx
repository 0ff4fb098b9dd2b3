import { ProfilesSection } from './profiles/ProfilesSection';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { McpSection } from './McpSection';
import { ToolPermissionsSection } from '../permissions';
import { PreferencesSection } from './PreferencesSection';
import { ServiceSection } from './ServiceSection';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { SettingsNav } from './SettingsNav';
import { useSettings } from './store';
import { UnsavedSettingsNotice } from './UnsavedNotice';

/** `children`: sections of features that come after settings in the dependency order (the history's backups). */
export function SettingsScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('settings');
  const error = useSettings((state) => state.error);
  const screen = useRef<HTMLElement>(null);
  const sections = useRef<HTMLDivElement>(null);
  return (
    <main className="screen settings" aria-labelledby="settings-heading" ref={screen}>
      <h1 id="settings-heading">{t('screen.title')}</h1>
      {error !== null && (
        <div className="notice error" role="alert">
          <p>{problemText(error)}</p>
        </div>
      )}
      <UnsavedSettingsNotice />
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
