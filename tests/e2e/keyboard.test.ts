import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sampleWav } from '../demo/sample-audio';
import { testFolder } from '../support/temp-folder';
import { type Harness, openApp } from '../support/chat';

// The main journeys with the keyboard alone: Tab, Enter, Space, Escape and the app's chords, no
// mouse. Every control reached must show where the focus is.
let h: Harness;
beforeAll(async () => {
  h = await openApp();
});
afterAll(() => h?.close());

const announced = (page: Page) => page.getByTestId('announcer').innerText();

/** True when the focused element, or the box drawn around it (:focus-within), has a focus ring. */
const focusVisible = (page: Page) =>
  page.evaluate(() => {
    const ring = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    let element = document.activeElement;
    for (let depth = 0; element && element !== document.body && depth < 4; depth++, element = element.parentElement) {
      if ((depth === 0 || element.matches(':focus-within')) && ring(getComputedStyle(element))) return true;
    }
    return false;
  });

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking it shows. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await focusVisible(page), 'the focused control shows a focus ring').toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true });

describe('keyboard only', () => {
  it('stores a key in Settings and chooses the Pro plan', async () => {
    const { page } = h;
    await tabTo(page, nav(page, 'Settings'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: /API key$/ }));
    await page.keyboard.type(h.fake.keys.pro);
    await tabTo(page, page.getByRole('button', { name: 'Save key' }));
    await page.keyboard.press('Enter');
    await page.getByText(`A key ending in …${h.fake.keys.pro.slice(-4)} is stored`).waitFor();
    const pro = page.getByRole('radio', { name: /^Pro/ });
    await tabTo(page, page.getByRole('radio', { name: /^Free/ }));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => pro.isChecked()).toBe(true);
    await screenshot(page, 'keyboard-settings');
  });

  it('sends a message, stops a reply with Esc and with the Stop button', async () => {
    const { page } = h;
    await page.keyboard.press('Control+N');
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await tabTo(page, composer);
    h.fake.chat.next({ reply: 'slow '.repeat(400), chunkSize: 5, intervalMs: 30 });
    await page.keyboard.type('Tell me a long story');
    await page.keyboard.press('Enter');
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await stop.waitFor();
    await page.getByRole('article', { name: 'Reply' }).last().getByTestId('message-text').waitFor();
    await page.keyboard.press('Escape');
    await stop.waitFor({ state: 'detached' });
    await expect.poll(() => announced(page)).toBe('Reply stopped.');

    h.fake.chat.next({ reply: 'slow '.repeat(400), chunkSize: 5, intervalMs: 30 });
    await composer.focus();
    await page.keyboard.type('Once more');
    await page.keyboard.press('Enter');
    await tabTo(page, stop);
    await screenshot(page, 'keyboard-chat-stop-focused');
    await page.keyboard.press('Enter');
    await stop.waitFor({ state: 'detached' });

    h.fake.chat.next({ reply: 'A short answer.' });
    await composer.focus();
    await page.keyboard.type('And briefly?');
    await page.keyboard.press('Enter');
    await page.getByText('A short answer.').waitFor();
    await expect.poll(() => announced(page)).toBe('Reply finished.');
  });

  it('searches the history with Ctrl+K and opens a hit and a conversation with Enter', async () => {
    const { page } = h;
    await page.keyboard.press('Control+K');
    const search = page.getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('briefly');
    const hit = page.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    await tabTo(page, hit);
    await page.keyboard.press('Enter');
    await page.getByText('A short answer.').waitFor();
    await screenshot(page, 'keyboard-search-opened');

    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+N');
    const saved = page.getByRole('button', { name: /Tell me a long story/ }).first();
    await tabTo(page, saved);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Tell me a long story/ }).waitFor();
  });

  it('picks a recording for transcription from the keyboard', async () => {
    const { page } = h;
    const folder = await testFolder('confab-keyboard-');
    const wav = join(folder, 'notes.wav');
    await writeFile(wav, sampleWav(3));
    await tabTo(page, nav(page, 'Transcribe'), { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Transcribe', level: 1 }).waitFor();
    const picker = page.getByLabel('Choose recordings');
    await tabTo(page, picker);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles(wav);
    await expect.poll(() => announced(page), { timeout: 20_000 }).toBe('notes.wav is transcribed.');
    await screenshot(page, 'keyboard-transcribed');
  });
});
