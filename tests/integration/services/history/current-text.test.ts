import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockText } from '../../../../shared/domain/transcript-edits';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { MATCH_END, MATCH_START } from '../../../../electron/core/services/history/search';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';
import { editNow } from '../../../support/editor-intents';

// One transcript, one truth: the lists' previews and history search read the transcript as it
// now reads (its edits and its speakers' names), never the service's original.
let dir: string;
let store: HistoryStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-current-text-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
});
afterEach(async () => {
  store.close();
  await removeFolder(dir);
});

const said = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget for a while.';
const transcriptHits = (words: string) => store.search(words).filter((hit) => hit.kind === 'transcript');
const preview = (id: string) => store.transcripts.list().find((summary) => summary.id === id)!.preview;

describe('previews of the Recent and All transcripts lists', () => {
  it('show the edited text and the speakers, and the original again after Revert', () => {
    store.transcripts.put(spokenRecord('t1', said), null);
    const editor = createTranscriptEditor({ history: store });
    expect(preview('t1')).toMatch(/^Hello everyone\./);
    const first = editor.open('t1').document.blocks[0]!;
    editNow(editor, 't1', { type: 'text', block: 0, text: blockText(first).replace('Hello everyone.', 'Good morning, team.') });
    expect(preview('t1')).toMatch(/^Good morning, team\./);
    expect(preview('t1')).not.toContain('Hello');
    editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Zofia Nowak' } });
    expect(preview('t1')).toMatch(/^Zofia Nowak: Good morning, team\./);
    expect(preview('t1').length).toBeLessThanOrEqual(160);
    editor.revert('t1');
    expect(preview('t1')).toMatch(/^Hello everyone\./);
  });
  it('list the newest first, and of transcripts made in the same millisecond the one stored last', () => {
    // Ids chosen so that neither id order nor insertion order alone gives the expected list.
    for (const id of ['t-b', 't-c', 't-a']) store.transcripts.put({ ...spokenRecord(id, said), createdAt: 1_000 }, null);
    store.transcripts.put({ ...spokenRecord('t-old', said), createdAt: 999 }, null);
    expect(store.transcripts.list().map((summary) => summary.id)).toEqual(['t-a', 't-c', 't-b', 't-old']);
  });
});

describe('history search', () => {
  it('finds a transcript by a speaker named in the editor, with the name marked in its snippet, and follows a rename', () => {
    store.transcripts.put(spokenRecord('t1', said), null);
    store.transcripts.put({ ...spokenRecord('t2', 'Nothing here names anyone at all.'), createdAt: 2 }, null);
    const editor = createTranscriptEditor({ history: store });
    expect(transcriptHits('Zofia')).toEqual([]);
    const index = editor.open('t1').document.blocks.findIndex((block) => block.words.includes('Anna'));
    editNow(editor, 't1', { type: 'speaker', block: index, speaker: { name: 'Zofia Nowak' } });
    const [hit, ...others] = transcriptHits('zofia');
    expect(others).toEqual([]);
    expect(hit).toMatchObject({ transcriptId: 't1', snippet: expect.stringContaining(`${MATCH_START}Zofia${MATCH_END} Nowak: `) });
    // Both names, and a name with a word of what that speaker said.
    expect(transcriptHits('Zofia Nowak').map((found) => found.transcriptId)).toEqual(['t1']);
    expect(transcriptHits('nowak steel').map((found) => found.transcriptId)).toEqual(['t1']);
    const speaker = editor.open('t1').document.speakers[0]!;
    editNow(editor, 't1', { type: 'renameSpeaker', speaker: speaker.id, name: 'Zoë' });
    expect(transcriptHits('Zofia')).toEqual([]);
    expect(transcriptHits('zoe').map((found) => found.transcriptId)).toEqual(['t1']);
  });

  it('finds an edited word with the row as it reads in the snippet, and words said across rows still', () => {
    store.transcripts.put(spokenRecord('t1', said), null);
    const editor = createTranscriptEditor({ history: store });
    const index = editor.open('t1').document.blocks.findIndex((block) => block.words.includes('Bilal'));
    const block = editor.open('t1').document.blocks[index]!;
    editNow(editor, 't1', { type: 'text', block: index, text: blockText(block).replace('Bilal', 'Belal') });
    expect(transcriptHits('Belal')[0]!.snippet).toBe(blockText(editor.open('t1').document.blocks[index]!).replace('Belal', `${MATCH_START}Belal${MATCH_END}`));
    expect(transcriptHits('Bilal')).toEqual([]);
    expect(transcriptHits('everyone budget').map((found) => found.transcriptId)).toEqual(['t1']);
  });

  it('finds a Chinese word in a transcript written without spaces', () => {
    const record = spokenRecord('zh', '我们 今天 讨论 预算 和 会议 安排。');
    // The service writes Chinese unspaced: its words carry the spaces its text does not.
    store.transcripts.put({ ...record, createdAt: 3, transcript: { ...record.transcript, text: '我们今天讨论预算和会议安排。' } }, null);
    expect(transcriptHits('预算').map((found) => found.transcriptId)).toEqual(['zh']);
  });
});
