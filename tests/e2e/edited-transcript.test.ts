import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeService } from '../fake-service/server';
import { subtitlePackets } from '../support/audio';
import { screenshot } from '../support/browser';
import type { Session } from '../support/history-app';
import { HEARD, type Meeting, caretAt, ffmpegText, heardWords, openEditor, openMeeting, row, savedDocument, savedText } from '../support/transcript-editor';
import { dropFiles, exportAs, fileOf, openTranscribe, resultHeading, setPlan, shownTranscript, sidebar, transcriptBox, useKey } from '../support/transcription';

// One transcript, one truth: corrected in the editor, it is the corrected version on its page,
// in every export from there, in search and in what Ask about this transcript gives the model;
// the service's original stays one click away.

let meeting: Meeting;
let fake: FakeService;
let s: Session;
let recording: string;
let duration: number;

const FIRST = 'Bilal asked Anna about the bridge.';
const SECOND = 'Anna said the steel came late.';

const chatRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions'));

beforeAll(async () => {
  meeting = await openMeeting();
  ({ s, fake, recording, duration } = meeting);
});

afterAll(() => meeting?.close());

describe('an edited transcript', () => {
  it('is corrected in the editor: a name, and two speakers', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    fake.transcription.next({ text: HEARD, words: heardWords(), language: 'english', duration });
    await dropFiles(page, page.getByRole('main'), [fileOf(recording)]);
    await resultHeading(page, 'meeting.wav').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain('Bella asked Anna');
    // Unedited, the page says nothing about edits.
    expect(await page.getByRole('note', { name: 'Edits' }).count()).toBe(0);

    await openEditor(page);
    await page.getByText('Bella', { exact: true }).dispatchEvent('mousedown');
    await row(page, 1).fill((await row(page, 1).inputValue()).replace('Bella', 'Bilal'));
    await expect.poll(() => savedText(s.dataDir)).toContain('Bilal asked');
    await caretAt(page, 1, 'Anna said');
    await page.keyboard.press('Enter');
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(2);
    for (const [n, name] of [
      [1, 'Bilal'],
      [2, 'Anna'],
    ] as const) {
      await page.getByRole('combobox', { name: `Speaker from row ${n}` }).selectOption({ label: 'New speaker…' });
      await page.getByLabel(`Name of the speaker from row ${n}`).fill(name);
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await expect.poll(() => savedDocument(s.dataDir)?.speakers.map((speaker) => speaker.name)).toEqual(['Bilal', 'Anna']);
    await page.getByRole('status').getByText('All edits saved').waitFor();
  });

  it('reads as corrected on its page, says it is edited, and keeps the original one click away', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    const edits = page.getByRole('note', { name: 'Edits' });
    await edits.getByText('Edited', { exact: true }).waitFor();
    await expect.poll(() => shownTranscript(page)).toContain(`Bilal: ${FIRST}`);
    expect(await shownTranscript(page)).toContain(`Anna: ${SECOND}`);
    expect(await shownTranscript(page)).not.toContain('Bella');
    // The corrected word plays from its own time, like every other.
    expect(await transcriptBox(page).getByRole('button', { name: 'Bilal', exact: true }).getAttribute('data-start')).toBe('0.2');
    await page.getByText(/^Timings: /).click();
    await page.getByRole('table').filter({ hasText: 'Words' }).getByRole('cell', { name: 'Bilal', exact: true }).waitFor();
    expect(await page.getByRole('table').filter({ hasText: 'Words' }).getByRole('cell', { name: 'Bella', exact: true }).count()).toBe(0);
    await page.getByText(/^Timings: /).click();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.app.origin });
    await page.getByRole('button', { name: 'Copy text' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`Bilal: ${FIRST}\n\nAnna: ${SECOND}`);
    await screenshot(page, 'edited-transcript-page');

    await edits.getByRole('button', { name: "Show the service's original" }).click();
    await edits.getByText("The service's original").waitFor();
    await expect.poll(() => shownTranscript(page)).toContain(HEARD.slice(0, 20));
    expect(await shownTranscript(page)).not.toContain('Bilal');
    await screenshot(page, 'edited-transcript-original');
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'edited-transcript-original-800x600');
    await page.setViewportSize(size);
    await edits.getByRole('button', { name: 'Back to the edited version' }).click();
    await expect.poll(() => shownTranscript(page)).toContain(`Bilal: ${FIRST}`);
  });

  it('exports from its page what the editor shows: the SRT and TXT read back hold the corrections and the speakers', async () => {
    const { page } = s;
    const srt = await exportAs(page, 'SRT');
    expect(srt.download.suggestedFilename()).toBe('meeting.srt');
    // Read back by ffmpeg: the speaker's name starts each speaker's first cue, the name is corrected.
    const read = await ffmpegText(srt.path);
    expect(read).toContain(`Bilal: ${FIRST}`);
    expect(read).toContain(`Anna: ${SECOND}`);
    expect(read).not.toContain('Bella');
    const packets = await subtitlePackets(srt.path);
    expect(packets.length).toBeGreaterThanOrEqual(2);
    expect(packets[0]!.start).toBeCloseTo(0.2, 3);

    const txt = await exportAs(page, 'TXT');
    expect(txt.download.suggestedFilename()).toBe('meeting.txt');
    expect(txt.text).toBe(`Bilal: ${FIRST}\n\nAnna: ${SECOND}\n`);

    const json = JSON.parse((await exportAs(page, 'JSON')).text) as { speakers: string[]; rows: Array<{ speaker: string; text: string }> };
    expect(json.speakers).toEqual(['Bilal', 'Anna']);
    expect(json.rows.map((r) => [r.speaker, r.text])).toEqual([
      ['Bilal', FIRST],
      ['Anna', SECOND],
    ]);
  });

  it('is found by the corrected word, and the hit opens the corrected version', async () => {
    const { page } = s;
    const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await search.fill('Bilal');
    await sidebar(page).getByRole('button', { name: /^meeting\.wav .*Transcript/ }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain(`Bilal: ${FIRST}`);
    await search.fill('');
  });

  it('gives Ask about this transcript the corrected text, and the chat shows what is attached, after a reload too', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Ask about this transcript' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => composer.inputValue()).toMatch(/^What are the main points of this recording\?/);
    const attached = page.getByRole('note', { name: 'Attached to this chat' });
    const before = chatRequests().length;
    await composer.press('Enter');
    await expect.poll(() => chatRequests().length).toBeGreaterThan(before);
    const body = chatRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages[0]!.role).toBe('system');
    const prompt = body.messages[0]!.content;
    expect(prompt).toContain('"meeting.wav"');
    // Each row under its id, so the answer can cite it.
    expect(prompt).toMatch(new RegExp(`^\\[[0-9a-z]+\\] 0:00:00 Bilal: ${FIRST}\n\\[[0-9a-z]+\\] 0:00:\\d\\d Anna: ${SECOND}$`, 'm'));
    expect(prompt).not.toContain('Bella');
    await attached.getByText('Transcript attached: meeting.wav, 12 words').waitFor();
    // The answer cites a row by its id: a link to its moment. A made-up id ([0]: no row has it) is
    // not supported, by main's check of the stored reply: said so, and not linked.
    const reply = page.getByRole('article', { name: 'Reply' }).last();
    await reply.getByText(/^The recording says:/).waitFor();
    await reply.getByText('not supported: names no row of this transcript').waitFor();
    expect(await reply.getByRole('button', { name: '0:00' }).count()).toBe(1);
    await screenshot(page, 'edited-transcript-ask');
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'edited-transcript-ask-800x600');
    await page.setViewportSize(size);

    // The attachment is main's: after a reload the conversation still says what it carries.
    await page.reload();
    await sidebar(page).getByRole('button', { name: /About meeting\.wav/ }).first().click();
    await attached.getByText('Transcript attached: meeting.wav, 12 words').waitFor();
    await attached.getByRole('button', { name: 'Open the transcript' }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain(`Bilal: ${FIRST}`);
    // The citation opens the transcript too (where it plays from the row: the landing's own tests).
    await sidebar(page).getByRole('button', { name: /About meeting\.wav/ }).first().click();
    await page.getByRole('article', { name: 'Reply' }).last().getByRole('button', { name: '0:00' }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    expect(s.errors).toEqual([]);
  });

  it('is found by a speaker\'s name, and the Recent and All transcripts previews read as edited', async () => {
    const { page } = s;
    await openEditor(page);
    await page.getByText(/^Speakers \(2\)/).click();
    const name = page.getByRole('textbox', { name: 'Name of Anna' });
    await name.fill('Zofia Nowak');
    await name.press('Enter');
    await expect.poll(() => savedDocument(s.dataDir)?.speakers.map((speaker) => speaker.name)).toEqual(['Bilal', 'Zofia Nowak']);

    // A name no word of the transcript says: found by the speaker, the row she speaks as main reads it, her name marked.
    const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await search.fill('zofia');
    const hit = sidebar(page).getByRole('button', { name: /^meeting\.wav .*Transcript/ });
    await hit.getByText(`Zofia Nowak: ${SECOND}`).waitFor();
    expect(await hit.locator('mark').allInnerTexts()).toEqual(['Zofia']);
    await screenshot(page, 'edited-transcript-search-speaker');
    await hit.click();
    await resultHeading(page, 'meeting.wav').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain(`Zofia Nowak: ${SECOND}`);
    await search.fill('');

    // The lists preview the transcript as it now reads: corrected, with its speakers, never the service's "Bella".
    const edited = `Bilal: ${FIRST} Zofia Nowak: ${SECOND}`;
    await openTranscribe(page);
    const recent = page.getByRole('region', { name: 'Recent transcripts' });
    await recent.getByText(edited, { exact: true }).waitFor();
    expect(await recent.getByText(/Bella/).count()).toBe(0);
    // All transcripts (the sidebar's way to the whole list) brings the list into view.
    await sidebar(page).getByRole('button', { name: /^All transcripts/ }).click();
    await recent.getByText(edited, { exact: true }).waitFor();
    await screenshot(page, 'edited-transcript-recent');
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    await recent.getByText(edited, { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'edited-transcript-recent-800x600');
    await page.setViewportSize(size);
    expect(s.errors).toEqual([]);
  });
});
