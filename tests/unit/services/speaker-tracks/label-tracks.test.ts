import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';
import type { Word } from '../../../../shared/domain/transcript';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { labelTranscript, sideNames } from '../../../../electron/core/services/speaker-tracks';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { labelWords } from '../../../../electron/core/services/speaker-tracks/label-words';
import { wavLevels } from '../../../../electron/core/services/speaker-tracks/wav-levels';
import { spokenRecord } from '../../../support/spoken-record';
import { testFolder } from '../../../support/temp-folder';

// Two synthetic tracks of a call, as a recording keeps them (16 kHz mono s16le): the user's
// voice on the microphone, the other side on the system track and, attenuated by 20 dB, on the
// microphone too (heard through the speakers). Every stretch is a tone at a chosen level over a
// faint noise floor, so which track carried each word is known.

const RATE = RECORDING_SAMPLE_RATE;
const ECHO_DB = -20;

/** One stretch of sound on a track: seconds, level in dBFS (RMS), pitch. */
type Burst = { from: number; to: number; db: number; hz?: number };

function track(seconds: number, bursts: Burst[], seed: number): Float64Array {
  const samples = new Float64Array(Math.round(seconds * RATE));
  let state = seed;
  for (let i = 0; i < samples.length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    samples[i] = (state / 2 ** 31 - 0.5) * 2 * 10 ** (-70 / 20) * Math.sqrt(3);
  }
  for (const { from, to, db, hz = 220 } of bursts) {
    const amplitude = Math.SQRT2 * 10 ** (db / 20);
    for (let i = Math.round(from * RATE); i < Math.min(samples.length, Math.round(to * RATE)); i++) samples[i]! += amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  }
  return samples;
}

async function writeWav(path: string, samples: Float64Array) {
  const bytes = Buffer.alloc(44 + samples.length * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + samples.length * 2, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(RATE, 24);
  bytes.writeUInt32LE(RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((sample, i) => bytes.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32768))), 44 + i * 2));
  await writeFile(path, bytes);
}

/** The other side's speech, on the system track and as echo on the microphone. */
const OTHERS: Burst[] = [
  { from: 2.5, to: 3.5, db: -20, hz: 330 },
  { from: 6.0, to: 7.6, db: -20, hz: 330 },
];
/** The user's speech, on the microphone only. */
const USER: Burst[] = [
  { from: 0.5, to: 1.5, db: -20 },
  { from: 5.0, to: 5.6, db: -20 },
  // Crosstalk: the user louder than the other side, then both at one level.
  { from: 6.1, to: 6.5, db: -8 },
  { from: 6.6, to: 7.0, db: -20, hz: 250 },
  // After the system track ended (a call left early), up to the end of the file.
  { from: 8.5, to: 10, db: -20 },
];
const echo = (bursts: Burst[]) => bursts.map((burst) => ({ ...burst, db: burst.db + ECHO_DB }));

/** The words, when they were said and who said them. */
const WORDS: Array<[string, number, number, 'mic' | 'others']> = [
  ['hello', 0.6, 0.9, 'mic'],
  ['there', 1.0, 1.4, 'mic'],
  ['hi', 2.6, 2.9, 'others'],
  ['how', 3.0, 3.4, 'others'],
  // Nothing on either track: the nearer neighbour's (the others', 0.2 s before; the user's 0.5 s after).
  ['um', 3.6, 3.9, 'others'],
  ['fine', 5.1, 5.5, 'mic'],
  ['loud', 6.15, 6.45, 'mic'],
  // Both at one level: neither dominates, so the nearer neighbour's (the user's, 0.1 s before).
  ['same', 6.6, 7.0, 'mic'],
  ['yes', 7.2, 7.5, 'others'],
  ['after', 8.6, 9.0, 'mic'],
  ['end', 9.7, 10.0, 'mic'],
];

async function callTracks() {
  const dir = await testFolder('confab-speakers-');
  const micPath = join(dir, 'mic.wav');
  const systemPath = join(dir, 'system.wav');
  await writeWav(micPath, track(10, [...USER, ...echo(OTHERS)], 7));
  // The system track ends at 8 s: its words after that are nobody's on it.
  await writeWav(systemPath, track(8, OTHERS, 11));
  return { dir, micPath, systemPath };
}

const spans = WORDS.map(([, start, end]) => ({ start: start * 1000, end: end * 1000 }));

describe('who spoke, by track', () => {
  it('labels each word by the track that carried it: echo, crosstalk, silence, a track ending early, the last word', async () => {
    const { micPath, systemPath } = await callTracks();
    const [mic, system] = await Promise.all([wavLevels(micPath), wavLevels(systemPath)]);
    expect(mic.levels.length).toBe(200);
    expect(system.levels.length).toBe(160);
    expect(labelWords(spans, mic, system)).toEqual(WORDS.map(([, , , side]) => side));
  });

  it('takes a quiet microphone for the user, measured against its own quiet level', async () => {
    const dir = await testFolder('confab-speakers-');
    const quiet = (bursts: Burst[]) => bursts.map((burst) => ({ ...burst, db: burst.db - 25 }));
    await writeWav(join(dir, 'mic.wav'), track(10, [...quiet(USER), ...quiet(echo(OTHERS))], 3));
    await writeWav(join(dir, 'system.wav'), track(8, OTHERS, 5));
    const [mic, system] = await Promise.all([wavLevels(join(dir, 'mic.wav')), wavLevels(join(dir, 'system.wav'))]);
    // Crosstalk compares the two tracks' levels as they are: with the microphone 25 dB down, the other side wins it.
    const alone = WORDS.flatMap(([word, , , side], i) => (word === 'loud' || word === 'same' ? [] : [[i, side] as const]));
    const sides = labelWords(spans, mic, system);
    expect(alone.map(([i]) => sides[i])).toEqual(alone.map(([, side]) => side));
  });

  it('leaves words nobody can be told apart in unlabelled', async () => {
    const dir = await testFolder('confab-speakers-');
    await writeWav(join(dir, 'silent.wav'), track(4, [], 9));
    const silent = await wavLevels(join(dir, 'silent.wav'));
    expect(labelWords(spans.slice(0, 3), silent, silent)).toEqual([null, null, null]);
  });
});

describe('labelling a kept transcript', () => {
  async function setUp() {
    const tracks = await callTracks();
    const store = createHistoryStore(join(tracks.dir, 'history.sqlite'));
    const words: Word[] = WORDS.map(([word, start, end]) => ({ word: ` ${word}`, start, end }));
    const record = spokenRecord('t1', WORDS.map(([word]) => word).join(' '), 10);
    store.transcripts.put({ ...record, transcript: { ...record.transcript, words } }, null);
    const editor = createTranscriptEditor({ history: store });
    return { ...tracks, store, editor };
  }

  /** Each word with the name of who speaks it, as the editor shows them. */
  function whoSaid(document: ReturnType<ReturnType<typeof createTranscriptEditor>['open']>['document']) {
    const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
    const speakers = effectiveSpeakers(document.blocks);
    return document.blocks.flatMap((block, i) => block.words.map((word) => `${word}:${names.get(speakers[i]!) ?? '-'}`));
  }

  it('makes the sides ordinary editor speakers: runs of rows, one step Undo takes back, renamable', async () => {
    const { micPath, systemPath, store, editor } = await setUp();
    try {
      expect(await labelTranscript(editor, { transcriptId: 't1', micPath, systemPath, whoSpoke: null, names: sideNames(wordsIn('en'), 'Dana') })).toBe(true);
      const opened = editor.open('t1');
      expect(whoSaid(opened.document)).toEqual(WORDS.map(([word, , , side]) => `${word}:${side === 'mic' ? 'Dana' : 'Others'}`));
      expect(opened.document.speakers.map((speaker) => speaker.name)).toEqual(['Dana', 'Others']);
      // The microphone's side is the user: the people list's own person, as the name prompt promised.
      expect(opened.document.speakers.map((speaker) => speaker.person ?? null)).toEqual(['self', null]);
      // A speaker is marked only where one starts, as the user would mark it.
      const speakers = effectiveSpeakers(opened.document.blocks);
      expect(opened.document.blocks.map((block) => block.speaker !== null)).toEqual(speakers.map((speaker, i) => i === 0 || speaker !== speakers[i - 1]));
      expect(opened.state).toMatchObject({ edited: true, canUndo: true });

      const others = opened.document.speakers.find((speaker) => speaker.name === 'Others')!;
      editor.editAt('t1', { type: 'renameSpeaker', speaker: others.id, name: 'Bilal' }, opened.version);
      expect(whoSaid(editor.open('t1').document)).toContain('hi:Bilal');

      editor.undo('t1');
      editor.undo('t1');
      expect(editor.open('t1').document.speakers).toEqual([]);
      expect(editor.open('t1').state.edited).toBe(false);
    } finally {
      store.close();
    }
  });

  it('links a speaker of the user’s name already in the transcript to the user, rather than adding another', async () => {
    const { micPath, store, editor } = await setUp();
    try {
      editor.editAt('t1', { type: 'speaker', block: 0, speaker: { name: 'Dana' } }, editor.open('t1').version);
      expect(await labelTranscript(editor, { transcriptId: 't1', micPath, systemPath: null, whoSpoke: 'me', names: { mic: 'Dana', others: 'Others' } })).toBe(true);
      expect(editor.open('t1').document.speakers).toEqual([expect.objectContaining({ name: 'Dana', person: 'self' })]);
    } finally {
      store.close();
    }
  });

  it('leaves a recording with only a microphone track unlabelled unless the user said all of it was them', async () => {
    const { micPath, store, editor } = await setUp();
    try {
      const names = { mic: 'Dana', others: 'Others' };
      for (const whoSpoke of [null, 'several'] as const) expect(await labelTranscript(editor, { transcriptId: 't1', micPath, systemPath: null, whoSpoke, names })).toBe(false);
      expect(editor.open('t1').state.edited).toBe(false);
      expect(await labelTranscript(editor, { transcriptId: 't1', micPath, systemPath: null, whoSpoke: 'me', names })).toBe(true);
      const opened = editor.open('t1');
      expect(whoSaid(opened.document)).toEqual(WORDS.map(([word]) => `${word}:Dana`));
      expect(opened.document.speakers.map((speaker) => speaker.name)).toEqual(['Dana']);
      // Said again (twice pressed): nothing more to undo.
      expect(await labelTranscript(editor, { transcriptId: 't1', micPath, systemPath: null, whoSpoke: 'me', names })).toBe(false);
      editor.undo('t1');
      expect(editor.open('t1').state.edited).toBe(false);
    } finally {
      store.close();
    }
  });
});
