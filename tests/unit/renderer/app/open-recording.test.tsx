// @vitest-environment jsdom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../../shared/contract/settings';

vi.mock('../../../../renderer/api', () => ({ api: {} }));

const { useAppIntents } = await import('../../../../renderer/app/useAppIntents');
const { runIntent } = await import('../../../../renderer/common/intents');
const { useNavigation } = await import('../../../../renderer/navigation');
const { useSettings } = await import('../../../../renderer/settings');
const { DropZone } = await import('../../../../renderer/transcription/DropZone');
const { startI18n } = await import('../../../../renderer/i18n');
await startI18n(Promise.resolve('en'));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** As App draws it: no screen until main's settings are in, then the transcription screen's picker (Pro only). */
function Shell() {
  useAppIntents();
  const settings = useSettings((s) => s.settings);
  const view = useNavigation((s) => s.view);
  if (!settings || view !== 'transcription') return null;
  return (
    <main>
      <DropZone disabled={settings.plan !== 'pro'} compact={false} />
    </main>
  );
}

const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('Open Recording (Ctrl+O, or the menu)', () => {
  it('opens the file picker once the transcription screen is drawn, though the app was still loading at the shortcut, and only once', async () => {
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    useSettings.setState({ settings: null });
    useNavigation.setState({ view: 'chat', transcriptId: null });
    root = createRoot(document.body.appendChild(document.createElement('div')));
    act(() => root!.render(<Shell />));

    // A loaded machine: the shortcut's frame comes and goes before main's settings, so no screen yet.
    act(() => void runIntent('openRecording'));
    await frame();
    await frame();
    expect(useNavigation.getState().view).toBe('transcription');
    expect(opened).not.toHaveBeenCalled();

    act(() => useSettings.setState({ settings: { plan: 'pro' } as Settings }));
    await frame();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.contexts[0]).toBe(document.querySelector('main input[type="file"]'));

    // Drawn again (a settings change) or left and visited again: the request was answered, no second picker.
    act(() => useSettings.setState({ settings: { plan: 'pro', theme: 'dark' } as Settings }));
    act(() => useNavigation.setState({ view: 'chat' }));
    act(() => useNavigation.setState({ view: 'transcription' }));
    await frame();
    expect(opened).toHaveBeenCalledTimes(1);

    // Asked while loading, then another screen chosen before the settings came: forgotten, not opened on a later visit.
    act(() => useSettings.setState({ settings: null }));
    act(() => void runIntent('openRecording'));
    act(() => useNavigation.getState().show('chat'));
    act(() => useSettings.setState({ settings: { plan: 'pro' } as Settings }));
    act(() => useNavigation.getState().show('transcription'));
    await frame();
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
