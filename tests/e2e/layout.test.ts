import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import { sampleWav } from '../demo/sample-audio';
import { openHarness, type Harness } from '../support/harness';
import { type HistoryInLanguage, type SeededApp, openHistoryIn, openSeededApp } from '../support/history-in-language';
import { SIZES, checkScreen } from '../support/layout';
import { putConversation } from '../support/seed-conversation';
import { T, storedMessage, storedOptions } from '../support/stored-messages';
import { putSpokenMeeting } from '../support/transcript-editor';
import { spokenRecord } from '../support/spoken-record';
import type { StoredItem } from '../../electron/core/services/history/notes';
import { BUILT_IN_TEMPLATES } from '../../electron/core/services/transcript-notes/templates';
import { newChat, send, settled, setPlan, useKey } from '../support/chat';
import { caretAt, row, rowsText } from '../support/transcript-editor';
import { dropFiles, queueRow, resultHeading, sidebar } from '../support/transcription';

// Every screen at each breakpoint's sizes (800x600 to 2560x1440; light and dark at the ends, one
// theme between) in one browser and one app: no two controls overlap, no text is cut by its box,
// no control narrower than its words, one scroll per pane with its scrollbar at the pane's edge,
// a row's like actions stay on one line, and the app's frame never scrolls (only its panes do).
// The screens hold what a user's would: long messages and code, a sent document's chip with its
// actions, many conversations, long file names, a queue, two speakers, a backup, an MCP server,
// rules; then a window with 50 chats and 30 transcripts, a chat with documents and branches,
// People, a transcript's notes and a translation side by side, Ask across meetings' rows, and the
// editor with every panel open (the sidebar and the editor in Arabic too). PNGs in
// test-output/screens/layout/; the rules are in tests/support/layout.ts.

let h: Harness;
beforeAll(async () => {
  h = await openHarness({ height: 800, ready: (page) => page.getByRole('heading', { name: 'New chat' }).waitFor() });
});
afterAll(() => h?.close());

/**
 * Goes to a section of the sidebar. The click is dispatched to the button, not aimed at its place
 * on screen: a control drawn under another is a problem this check reports by name, not a reason
 * to stop before the screens that follow.
 */
async function go(page: Page, name: 'Transcribe' | 'Settings') {
  await sidebar(page).getByRole('button', { name, exact: true }).dispatchEvent('click');
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

const expectHolds = async (page: Page, screen: string, settle?: () => Promise<unknown>) =>
  expect(await checkScreen(page, screen, settle)).toEqual([]);

const LONG_WORD = 'Supercalifragilisticexpialidocious-'.repeat(8);
const LONG_REPLY = [
  'Here is the whole build log, and what went wrong in it.',
  `A long paragraph ${'that keeps on going with more words than a line can hold, '.repeat(12)}and ends.`,
  `A word with no place to break: ${LONG_WORD}`,
  ['```ts', ...Array.from({ length: 40 }, (_, i) => `const line${i} = ${JSON.stringify('x'.repeat(30 + i * 5))}; // ${'a very long comment '.repeat(4)}`), '```'].join('\n'),
  'That is all.',
].join('\n\n');
const MEETING = 'Quarterly planning meeting with the product, design and support teams.wav';
const SAID = 'Bilal asked Anna about the bridge. Anna said the steel came late.';
const timed = (text: string) => text.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.3, end: 0.45 + i * 0.3 }));

/** Settings' sections' names: each whole inside the window and its row, none cut or scrolled out of sight. */
const sectionsWhole = (page: Page) =>
  page.getByRole('navigation', { name: 'Settings contents' }).evaluate((nav) => {
    const box = nav.getBoundingClientRect();
    return [...nav.querySelectorAll('button')].flatMap((entry) => {
      const r = entry.getBoundingClientRect();
      const whole = r.left >= Math.max(box.left, 0) - 1 && r.right <= Math.min(box.right, innerWidth) + 1;
      return whole ? [] : [`the section "${entry.textContent}" is cut at the edge of Settings' contents`];
    });
  });

describe('every screen holds at every size, in both themes', () => {
  it('the first screen, before a key is stored', async () => {
    await expectHolds(h.page, 'first run');
  });

  it('an empty chat', async () => {
    await useKey(h.page, h.fake.keys.pro);
    await setPlan(h.page, 'Pro');
    await expectHolds(h.page, 'empty chat');
  });

  it('the history, with many conversations and long titles', async () => {
    const { page, fake } = h;
    for (let i = 1; i <= 12; i++) {
      await newChat(page);
      fake.chat.next({ reply: `Answer ${i}.`, chunkSize: 50 });
      await send(page, i % 3 === 0 ? `Conversation ${i} about a subject whose title is far too long for the sidebar to show whole` : `Conversation ${i}`);
      await settled(page);
    }
    await expectHolds(page, 'history');
  });

  it('a chat with a long message and a long code block', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.chat.next({ reply: LONG_REPLY, chunkSize: 400 });
    await send(page, `Show me the build log. ${'It failed again and I need to know why. '.repeat(10)}${LONG_WORD}`);
    await settled(page);
    await expectHolds(page, 'chat with long messages');
  });

  it('a reply that failed', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.chat.next({ status: 500 });
    await send(page, 'This one fails');
    await page.getByRole('alert').first().waitFor();
    await expectHolds(page, 'chat with an error');
  });

  it('a sent message carrying a text of which only the beginning went, with Send whole', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.setContextTokens(3000);
    try {
      const log = 'The harbour master wrote down every ship that came in that year. '.repeat(900);
      await page.locator('input[type=file][aria-label="Attach files"]').setInputFiles([{ name: 'harbour.txt', mimeType: 'text/plain', buffer: Buffer.from(log) }]);
      await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^harbour\.txt · /).waitFor({ timeout: 30_000 });
      await send(page, 'Which ships came in?');
      fake.chat.next({ reply: 'Ships from the first part.' });
      await (await settled(page)).getByRole('button', { name: 'Send the beginning of “harbour.txt”' }).click();
      await (await settled(page)).getByText('Ships from the first part.').waitFor();
      await page.getByRole('group', { name: 'Attached to this message' }).getByRole('button', { name: 'Send whole' }).waitFor();
      await expectHolds(page, 'sent text, its beginning only');
    } finally {
      fake.setContextTokens(null);
    }
  });

  it('chat options open: a drawer below the header, beside the conversation from 1280 px, closed by Escape or a press outside', async () => {
    const { page } = h;
    const options = page.getByRole('button', { name: 'Chat options' });
    await options.click();
    await page.getByRole('region', { name: 'Chat options' }).waitFor();
    try {
      // The screens this issue added are measured in one theme each: themes change colours, not boxes.
      expect(await checkScreen(page, 'chat options', undefined, undefined, ['light'])).toEqual([]);
      // Over the conversation (this window is 1100 px wide) it closes as a drawer does: by Escape
      // from within, the focus back on its button, or by a press on the conversation.
      const region = page.getByRole('region', { name: 'Chat options' });
      await region.getByRole('radio').first().focus();
      await page.keyboard.press('Escape');
      await region.waitFor({ state: 'detached' });
      expect(await options.evaluate((button) => button === document.activeElement)).toBe(true);
      await options.click();
      await region.waitFor();
      await page.locator('.messages').click({ position: { x: 8, y: 8 } });
      await region.waitFor({ state: 'detached' });
    } finally {
      if ((await options.getAttribute('aria-expanded')) === 'true') await options.click();
    }
  });

  it('search results', async () => {
    const { page } = h;
    const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await search.fill('conversation');
    try {
      await sidebar(page).getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
      await expectHolds(page, 'search results');
    } finally {
      await search.fill('');
    }
  });

  it("a transcript's page, with three transcripts in the sidebar", async () => {
    const { page, fake } = h;
    await go(page, 'Transcribe');
    const names = ['interview.wav', 'notes.wav', MEETING];
    for (let i = 0; i < names.length; i++) fake.transcription.next({ text: SAID, words: timed(SAID), language: 'english', duration: 4 });
    await dropFiles(page, page.getByRole('main'), names.map((name) => ({ name, bytes: sampleWav(4), type: 'audio/wav' })));
    for (const name of names) await sidebar(page).getByRole('button', { name, exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: MEETING, exact: true }).dispatchEvent('click');
    await resultHeading(page, MEETING).waitFor();
    await expectHolds(page, 'transcript');
  });

  it('the transcript editor, with two speakers', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByRole('heading', { name: `Edit: ${MEETING}` }).waitFor();
    await expect.poll(() => rowsText(page)).toContain('Bilal asked Anna');
    await caretAt(page, 1, 'Anna said');
    await page.keyboard.press('Enter');
    await row(page, 2).waitFor();
    for (const [n, name] of [
      [1, 'Bilal Rahman-Okonkwo'],
      [2, 'Anna'],
    ] as const) {
      await page.getByRole('combobox', { name: `Speaker from row ${n}` }).selectOption({ label: 'New speaker…' });
      await page.getByLabel(`Name of the speaker from row ${n}`).fill(name);
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await page.getByText(/^Speakers \(2\)/).click();
    await expectHolds(page, 'transcript editor');
  });

  it('Transcribe, with a queue and recent transcripts', async () => {
    const { page, fake } = h;
    await go(page, 'Transcribe');
    // Held by the service until cancelled: the queue stays on screen while it is measured.
    const held = ['held-one.wav', 'a second recording with a rather long name.wav'];
    for (let i = 0; i < held.length; i++) fake.transcription.next({ latencyMs: 600_000 });
    await dropFiles(page, page.getByRole('main'), held.map((name) => ({ name, bytes: sampleWav(2), type: 'audio/wav' })));
    await go(page, 'Transcribe');
    for (const name of held) await queueRow(page, name).waitFor();
    await expectHolds(page, 'transcribe');
    for (const name of [...held].reverse()) await queueRow(page, name).getByRole('button', { name: 'Cancel' }).click();
    for (const name of held) await queueRow(page, name).getByText(/Cancelled/).waitFor();
  });

  it('the sidebar leads to every transcript: the whole list comes into view, focused, even at 800x600', async () => {
    const { page } = h;
    const before = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    try {
      await newChat(page);
      await sidebar(page).getByRole('button', { name: 'All transcripts (3)' }).click();
      const heading = page.getByRole('heading', { name: 'Recent transcripts', level: 2 });
      await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
      const box = (await heading.boundingBox())!;
      expect(box.y >= 0 && box.y + box.height <= 600, 'the list starts inside the window').toBe(true);
      expect(await page.getByRole('list', { name: 'Recent transcripts' }).getByRole('listitem').count()).toBe(3);
    } finally {
      await page.setViewportSize(before);
    }
  });

  it('Settings, every section, with a backup, an MCP server and a tool rule', async () => {
    const { page } = h;
    await go(page, 'Settings');
    const mcp = page.locator('section.mcp-section');
    await mcp.getByRole('button', { name: 'Add a server' }).click();
    const form = mcp.getByRole('form', { name: 'Add a server' });
    await form.getByLabel('Name', { exact: true }).fill('Team notes on the intranet');
    await form.getByLabel('Server URL').fill('http://127.0.0.1:9/a/rather/long/path/to/the/mcp/endpoint');
    await form.getByRole('button', { name: 'Add server' }).click();
    await mcp.getByRole('article', { name: 'Team notes on the intranet' }).getByText(/Unreachable/).waitFor({ timeout: 15_000 });
    const rules = page.getByRole('form', { name: 'Add a tool permission rule' });
    await rules.getByLabel('Rule').selectOption({ label: 'Block' });
    await rules.getByRole('button', { name: 'Set rule' }).click();
    await page.getByRole('list', { name: 'Tool permission rules' }).waitFor();
    const backups = page.getByRole('region', { name: 'Backups' });
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await backups.getByRole('cell', { name: /conversations?, / }).waitFor();
    const problems: string[] = [];
    for (const section of ['Profiles', 'Service', 'API key', 'Connection', 'Tools (MCP)', 'Tool permissions', 'Plan, key reminder, language and appearance', 'Backups']) {
      // Settings' own navigation brings each section into view and marks it as the current one.
      const entry = page.getByRole('navigation', { name: 'Settings contents' }).getByRole('button', { name: section, exact: true });
      const show = async () => {
        await entry.click();
        await expect.poll(() => entry.getAttribute('aria-current')).toBe('true');
        expect(await page.getByRole('heading', { name: section, exact: true, level: 2 }).isVisible()).toBe(true);
        return sectionsWhole(page);
      };
      await show();
      // Themes change colours, not boxes: the first section is measured in both, the rest in one. The
      // rest are pictured at 800x600 only, where each is a screen of its own (Profiles at every size).
      const first = section === 'Profiles';
      problems.push(...(await checkScreen(page, `settings, ${section}`, show, first ? SIZES : [SIZES[0]], first ? undefined : ['light'])));
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('the profile switcher', async () => {
    const { page } = h;
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog', { name: 'Switch profile' }).getByRole('listbox', { name: 'Profiles' }).waitFor();
    await expectHolds(page, 'profile switcher');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Switch profile' }).waitFor({ state: 'hidden' });
  });

  it('the sidebar folded to icons: each icon names itself on hover', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Fold the sidebar to icons' }).click();
    try {
      const unnamed = await page.locator('nav.sidebar.collapsed').evaluate((nav) =>
        [...nav.querySelectorAll('button')].filter((button) => button.checkVisibility() && !button.title).map((button) => button.textContent?.trim()),
      );
      expect(unnamed).toEqual([]);
    } finally {
      await page.getByRole('button', { name: 'Unfold the sidebar' }).click();
    }
  });
});

const DOCS_CHAT = 'Harbour report, with documents and two branches';

/** The newest chat carries two documents and a pasted text, and its first message has an older branch (‹ 1 of 2 ›). */
function seedDocumentsChat(store: HistoryStore) {
  const at = T + 60 * 60_000;
  const attached = [
    { id: '00000000-0000-4000-8000-000000000001', kind: 'document' as const, name: 'Annual harbour report with every ship that came in, 2024 edition.pdf', pages: 30, lines: 2400, tokens: 18_500 },
    { id: '00000000-0000-4000-8000-000000000002', kind: 'document' as const, name: 'tides.docx', pages: null, lines: 900, tokens: 15_300, summaryTokens: 412 },
    { id: '00000000-0000-4000-8000-000000000003', kind: 'paste' as const, name: 'Pasted text', pages: null, lines: 1200, tokens: 40_000, firstTokens: 2_000 },
  ];
  const meta = { id: 'docs', title: DOCS_CHAT, systemPrompt: '', options: storedOptions, pinned: false, createdAt: at, updatedAt: at };
  const older = storedMessage('docs-0', 'user', 'What does the report say about the tides?', at);
  store.insertWhole({
    ...meta,
    messages: [
      { ...storedMessage('docs-1', 'user', 'What does the report say about the quay, and when does it flood?', at + 1000), attached },
      storedMessage('docs-2', 'assistant', `The report says the quay floods at every dawn high tide. ${'It names each ship and its berth. '.repeat(12)}`, at + 2000),
    ],
    otherBranches: [{ ...older, parentId: null }],
  });
}

/** Three people with colours and notes, one with a long name, for the People page. */
function seedPeople(store: HistoryStore) {
  store.people.insert({ name: 'Anna', colour: '#1f77b4', note: 'Runs the harbour office.' });
  store.people.insert({ name: 'Bilal Rahman-Okonkwo of the port authority', colour: '#d62728', note: `Asks about the bridge. ${'Knows every berth. '.repeat(10)}` });
  store.people.insert({ name: 'Chen', colour: null, note: null });
}

const STEEL_REVIEW = 'The steel delivery for the harbour bridge came three weeks late. Anna will call the foundry on Monday about the girders.';
const NEWEST_MEETING = 'recording 30 of the weekly planning meeting.mp3';

/** The newest meeting has notes (every section of the built-in Meeting template) and a German translation. */
function seedNotesAndTranslation(store: HistoryStore) {
  const id = `meeting-${NEWEST_MEETING}`;
  const rows = store.transcripts.rows.rowsOf(id);
  const [template] = BUILT_IN_TEMPLATES;
  const item = (n: number, section: string, text: string, extra: Partial<StoredItem> = {}): StoredItem => ({
    id: `item-${n}`, section, text, userText: null, owner: null, due: null, rows: [rows[n % rows.length]!.rowId], status: 'supported', edited: false, ...extra,
  });
  store.notes.put({
    transcriptId: id,
    template: template!,
    createdAt: T,
    items: [
      item(0, 'summary', 'Bella asked Anna about the bridge, and the steel for it came late.'),
      item(1, 'decisions', `The budget is talked over again next week. ${'Every team brings its figures. '.repeat(4)}`),
      item(2, 'actions', 'Anna orders the steel again', { owner: 'Anna Rahman-Okonkwo', due: 'Friday, the fourteenth of March' }),
      item(3, 'questions', 'Who pays for the delay?', { status: 'unsupported', edited: true }),
    ],
    rowsThen: Object.fromEntries(rows.map((row) => [row.rowId, row.text])),
    covers: [{ startMs: 0, endMs: 10_000 }],
    notCovered: [],
  });
  store.translations.ensure(id, 'de', T);
  store.translations.putRows(id, 'de', rows.map((row) => ({ rowId: row.rowId, text: `Übersetzt: ${row.text} ${'Noch ein langer Satz. '.repeat(3)}`, status: 'translated' as const, edited: false, source: row.text })));
}

// A window as a long-time user's: 50 chats and 30 transcripts kept, seeded before the start.
function seedMany(store: HistoryStore) {
  for (let i = 1; i <= 50; i++) {
    const id = `chat-${i}`;
    const title = i % 7 === 0 ? `Chat ${i} about a subject whose title is far too long for the sidebar to show whole` : `Chat ${i}`;
    putConversation(store, { id, title, count: 1, text: () => `Question ${i}`, createdAt: T + i * 60_000 });
  }
  for (let i = 2; i <= 30; i++) putSpokenMeeting(store, `recording ${String(i).padStart(2, '0')} of the weekly planning meeting.mp3`);
  // The oldest says something of its own, for Ask across meetings to find (the others all say the same).
  store.transcripts.put({ ...spokenRecord('steel-review', STEEL_REVIEW, 12), fileName: 'steel delivery review.mp3', createdAt: T }, null);
  seedDocumentsChat(store);
  seedPeople(store);
  seedNotesAndTranslation(store);
}

/** Both lists keep their newest items whole (three chats at least) and the way to all transcripts in the window. */
const listsWhole = (page: Page) => () =>
  page.locator('nav.sidebar').evaluate((nav) => {
    const found: string[] = [];
    const inside = (el: Element | null, what: string) => {
      if (!el) return void found.push(`${what} is not shown`);
      const r = el.getBoundingClientRect();
      let clip: Element | null = el.parentElement;
      for (; clip && clip !== nav; clip = clip.parentElement) if (getComputedStyle(clip).overflowY !== 'visible') break;
      const box = (clip ?? nav).getBoundingClientRect();
      if (r.top < box.top - 1 || r.bottom > Math.min(box.bottom, innerHeight) + 1) found.push(`${what} is cut or out of sight`);
    };
    if (nav.classList.contains('collapsed')) return found;
    // Room for a few chats, not one, in the smallest window and the tallest script.
    [...nav.querySelectorAll('.conversation-list > li')].slice(0, 3).forEach((chat, i) => inside(chat, i ? `chat ${i + 1} of the newest` : 'the newest chat'));
    inside(nav.querySelector('.transcripts-list > li'), 'the newest transcript');
    inside(nav.querySelector('.all-transcripts'), 'the "all transcripts" link');
    return found;
  });

/**
 * Opens every panel of the editor (below 1280 px they are tabs, one open at a time: the last,
 * Keyboard, stays open as a drawer), then finds a key's description not level with its keys and, in
 * a short window, rows left less than a third of its height (at 800x600 they had 165 px).
 */
const everyPanelOpen = (page: Page) => () =>
  page.locator('.ed-panels').evaluate((box) => {
    box.querySelectorAll('details').forEach((panel) => (panel.open = true));
    const found: string[] = [];
    for (const entry of box.querySelectorAll('.ed-keys > div')) {
      const [keys, words] = [entry.querySelector('dt')!.getBoundingClientRect(), entry.querySelector('dd')!.getBoundingClientRect()];
      if (Math.abs(keys.top - words.top) > 4) found.push(`"${entry.querySelector('dd')!.textContent}" sits ${Math.round(words.top - keys.top)} px below its keys`);
    }
    const rows = document.querySelector('.ed-list')!.getBoundingClientRect().height;
    if (innerHeight <= 720 && rows < innerHeight / 3) found.push(`the rows get ${Math.round(rows)} px of the window's ${innerHeight}`);
    return found;
  });

describe('a long-kept history, and the editor with every panel open, in English and Arabic', () => {
  let seeded: SeededApp;
  let shown: HistoryInLanguage | undefined;
  beforeAll(async () => {
    seeded = await openSeededApp(seedMany);
  });
  afterAll(async () => {
    await shown?.close();
    await seeded?.close();
  });

  const editorWithEveryPanel = async (page: Page, name: string, edit: string, theme: 'light' | 'dark') => {
    // Found by class, not name: the same steps run in Arabic.
    await page.locator('nav.sidebar .transcripts-list button').first().click();
    await page.getByRole('button', { name: edit }).click();
    await page.locator('.ed-list [role="listitem"]').first().waitFor();
    await page.keyboard.press('Control+F');
    await page.locator('.ed-find').waitFor();
    return checkScreen(page, name, everyPanelOpen(page), undefined, [theme]);
  };

  it('50 chats and 30 transcripts: both lists show their newest whole, and the way to all', async () => {
    shown = await openHistoryIn(seeded, 'en');
    const { page } = shown;
    await sidebar(page).getByRole('button', { name: 'Chat 50', exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: 'All transcripts (30)' }).waitFor();
    expect(await checkScreen(page, 'sidebar with 50 chats', listsWhole(page), undefined, ['dark'])).toEqual([]);
  });

  it('a chat with documents (one sent as a summary, one in part) and branches, and the People page', async () => {
    const { page } = shown!;
    await sidebar(page).getByRole('button', { name: DOCS_CHAT, exact: true }).click();
    await page.getByRole('group', { name: 'Attached to this message' }).getByText(/^tides\.docx · /).waitFor();
    const problems = await checkScreen(page, 'chat with documents and branches', undefined, undefined, ['light']);
    await sidebar(page).getByRole('button', { name: 'People', exact: true }).dispatchEvent('click');
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await page.getByRole('listitem', { name: 'Anna', exact: true }).waitFor();
    problems.push(...(await checkScreen(page, 'people', undefined, undefined, ['dark'])));
    expect(problems).toEqual([]);
  });

  it("a transcript's page with notes and a translation side by side", async () => {
    const { page } = shown!;
    await sidebar(page).getByRole('button', { name: NEWEST_MEETING, exact: true }).click();
    await page.getByText('Anna orders the steel again').waitFor();
    const translations = page.getByRole('region', { name: 'Translations' });
    await translations.getByRole('button', { name: 'German', exact: true }).click();
    await translations.getByRole('list', { name: 'Original and translated rows' }).getByRole('listitem').first().waitFor();
    expect(await checkScreen(page, 'transcript with notes and a translation', undefined, undefined, ['dark'])).toEqual([]);
  });

  it('Ask across meetings with the rows it would send shown, above 30 transcripts', async () => {
    const { page } = shown!;
    await sidebar(page).getByRole('button', { name: 'All transcripts (30)' }).click();
    const ask = page.getByRole('region', { name: 'Ask across meetings' });
    await ask.getByRole('textbox', { name: 'Question about your meetings' }).fill('When will Anna call the foundry about the girders?');
    await ask.getByRole('button', { name: 'Find' }).click();
    const outgoing = page.getByRole('region', { name: 'What leaves this machine' });
    await outgoing.getByText(/^Show the rows/).click();
    await outgoing.getByText('Anna will call the foundry', { exact: false }).first().waitFor();
    expect(await checkScreen(page, 'ask across meetings', undefined, undefined, ['light'])).toEqual([]);
  });

  it('the editor with every panel open', async () => {
    expect(await editorWithEveryPanel(shown!.page, 'editor with every panel', 'Edit transcript', 'dark')).toEqual([]);
    await shown!.close();
    shown = undefined;
  });

  it('in Arabic, at one theme: the sidebar with 50 chats and the editor with every panel', async () => {
    shown = await openHistoryIn(seeded, 'ar');
    const { page, t } = shown;
    await page.locator('nav.sidebar').getByRole('button', { name: 'Chat 50', exact: true }).waitFor();
    const problems = await checkScreen(page, 'arabic, sidebar with 50 chats', listsWhole(page), undefined, ['light']);
    problems.push(...(await editorWithEveryPanel(page, 'arabic, editor with every panel', t('transcription:result.edit'), 'light')));
    expect(problems).toEqual([]);
  });
});
