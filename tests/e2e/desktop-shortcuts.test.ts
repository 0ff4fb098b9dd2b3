import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, expectedReply, openApp, send, settled, setPlan, textOf, useKey } from '../support/chat';

// The commands of Electron's application menu, from the page's own chords in the browser
// harness: both run the same intent (shared/domain/shortcuts.ts → renderer/common/intents.ts).
// Chromium here is Linux, so the primary modifier is Ctrl.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
});
afterAll(() => h?.close());

describe('menu commands from the keyboard', () => {
  it('opens Settings (Ctrl+,), a new chat (Ctrl+N) and the profile switcher (Ctrl+Shift+P)', async () => {
    const { page } = h;
    await page.keyboard.press('Control+Comma');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Control+N');
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog', { name: 'Switch profile' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Switch profile' }).waitFor({ state: 'hidden' });
  });

  it('toggles the dark theme (Ctrl+Shift+D) and focuses the search (Ctrl+K)', async () => {
    const { page } = h;
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    const before = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
    await page.keyboard.press('Control+Shift+D');
    await expect.poll(theme).toBe(before ? 'light' : 'dark');
    await page.keyboard.press('Control+Shift+D');
    await expect.poll(theme).toBe(before ? 'dark' : 'light');
    await page.keyboard.press('Control+K');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search conversations and transcripts');
    await page.keyboard.press('Escape');
  });

  it('exports the open conversation (Ctrl+E) and opens the recording picker (Ctrl+O)', async () => {
    const { page, fake } = h;
    await useKey(page, fake.keys.pro);
    await send(page, 'Export me');
    expect(await textOf(await settled(page))).toBe(expectedReply('Export me'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+E')]);
    expect(download.suggestedFilename()).toMatch(/\.md$/);

    await setPlan(page, 'Pro');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Control+O')]);
    expect(chooser.isMultiple()).toBe(true);
    await page.getByRole('heading', { name: 'Transcribe', level: 1 }).waitFor();
  });

  it('logs an error nothing in the page caught, in main, with keys redacted', async () => {
    const { page, app } = h;
    await page.evaluate(() => setTimeout(() => {
      throw new Error('boom with sk-abcdefghijklmnop0123456789');
    }));
    await expect.poll(() => app.output()).toContain('Page error (uncaught): boom with [redacted]');
    expect(app.output()).not.toContain('sk-abcdefghijklmnop0123456789');
    expect(h.errors.filter((error) => !error.includes('boom'))).toEqual([]);
  });
});
