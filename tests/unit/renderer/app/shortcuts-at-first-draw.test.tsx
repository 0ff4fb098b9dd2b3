// @vitest-environment jsdom
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../renderer/api', () => ({ api: {} }));

const { useAppIntents } = await import('../../../../renderer/app/useAppIntents');
const { useShortcuts } = await import('../../../../renderer/app/useShortcuts');
const { useNavigation } = await import('../../../../renderer/navigation');

/** As App mounts them, with the first thing a user (or a test) can see. */
function Shell() {
  useShortcuts();
  useAppIntents();
  return <nav aria-label="Sections">Sections</nav>;
}

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

describe('the app-wide keys', () => {
  it('work from the moment the window shows anything: a key pressed as the first draw lands is not lost', async () => {
    useNavigation.setState({ view: 'chat', transcriptId: null, recordingPicker: false });
    const host = document.body.appendChild(document.createElement('div'));
    // The key is pressed as soon as the sections are in the page, before any later task: on a
    // loaded machine that is where a user's (or a test's) Ctrl+O can fall. A passive effect
    // (useEffect) registers its listener in a later task, so the key found no one.
    const pressed = new Promise<void>((resolve) => {
      new MutationObserver((_, observer) => {
        if (!host.querySelector('nav')) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'o', code: 'KeyO', ctrlKey: true, bubbles: true, cancelable: true }));
        resolve();
      }).observe(host, { childList: true, subtree: true });
    });
    root = createRoot(host);
    root.render(<Shell />);
    await pressed;
    expect(useNavigation.getState().view).toBe('transcription');
    expect(useNavigation.getState().recordingPicker).toBe(true);
  });
});
