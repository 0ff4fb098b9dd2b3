import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openApp, setPlan, useKey } from '../support/chat';
import { type AppPage, closeExpectingNoErrors, openAppPage } from '../support/harness';
import { JOURNEY_LANGUAGES, languageCheckpoint, wordsOf, type Words } from '../support/i18n';

// The chat screen in each journey language: the empty chat, a conversation with a draft in the
// composer, and the Pro chat options, each measured at every size and theme (and judged for text
// that missed translation in the pseudo-language, for accessibility in Arabic). The key and the
// plan are set once in an English page first; each language's journey then opens a page in a
// browser context of its own whose browser speaks the language, which is what main follows while
// the language setting is "system".

const ENGLISH_MESSAGE = 'Hello there';
const ARABIC_MESSAGE = 'مرحبًا، ما هي عاصمة فرنسا؟';

let h: Harness;
beforeAll(async () => {
  h = await openApp();
});
afterAll(() => closeExpectingNoErrors(h));

it('stores a Pro key and chooses the Pro plan in English, for every language that follows', async () => {
  await useKey(h.page, h.fake.keys.pro);
  await setPlan(h.page, 'Pro');
});

describe.each(JOURNEY_LANGUAGES)('chat in %s', (language) => {
  let shown: AppPage | undefined;
  let page: Page;
  let t: Words;

  const composer = () => page.getByRole('textbox', { name: t('chat:composer.field'), exact: true });
  const replies = () => page.getByRole('article', { name: t('chat:message.reply'), exact: true });
  const direction = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);

  beforeAll(async () => {
    t = await wordsOf(language);
  });

  afterAll(() => closeExpectingNoErrors(shown));

  it('opens on the empty chat in the language, the page turned the language’s way', async () => {
    shown = await openAppPage(h.browser, h.app, { height: 800, locale: language, ready: (opened) => opened.getByRole('heading', { name: t('chat:conversation.new') }).waitFor() });
    page = shown.page;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('heading', { name: t('chat:empty.heading') }).waitFor();
    await languageCheckpoint(page, language, 'chat empty');
  });

  it('shows a conversation, each message in its own direction, with a draft in the composer', async () => {
    // In Arabic an English message and its English reply read left to right; elsewhere an Arabic message reads right to left.
    const said = language === 'ar' ? ENGLISH_MESSAGE : ARABIC_MESSAGE;
    await composer().fill(said);
    await composer().press('Enter');
    await page.getByRole('heading', { name: said }).waitFor();
    const reply = replies().last();
    await expect.poll(() => reply.getAttribute('aria-busy')).toBe('false');
    await reply.getByText(/You said/).waitFor();
    const mine = page.getByRole('article', { name: t('chat:message.yours') }).last().getByTestId('message-text');
    expect(await direction(mine)).toBe(language === 'ar' ? 'ltr' : 'rtl');
    expect(await direction(reply.getByTestId('message-text'))).toBe('ltr');
    await reply.getByRole('button', { name: t('chat:message.regenerateLabel') }).waitFor();

    await composer().fill(t('chat:empty.starterHttp'));
    await languageCheckpoint(page, language, 'chat conversation');
  });

  it('opens the Pro chat options, worded in the language', async () => {
    await page.getByRole('button', { name: t('chat:header.options') }).click();
    const options = page.getByRole('region', { name: t('chat:options.region') });
    await options.getByRole('group', { name: t('chat:model.legend') }).waitFor();
    await options.getByRole('checkbox', { name: t('chat:pro.jsonMode') }).waitFor();
    await options.getByRole('combobox', { name: t('chat:pro.toolChoice') }).waitFor();
    await languageCheckpoint(page, language, 'chat options');
  });
});
