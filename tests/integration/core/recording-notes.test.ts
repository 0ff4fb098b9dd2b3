import { describe, expect, it, onTestFinished } from 'vitest';
import type { Job } from '../../../shared/contract/jobs';
import type { Recording, RecordingEvent } from '../../../shared/contract/recording';
import type { TranscriptReading } from '../../../shared/contract/transcription';
import { NOTES_MAX_CHARS, NOTES_MAX_LINES, NOTE_LINE_MAX_CHARS } from '../../../shared/domain/transcript';
import { createCore } from '../../../electron/core/core';
import { memoryKeytar } from '../../support/memory-keytar';
import { fakeClock, framesOf } from '../../support/recording';
import { killMidRecording } from '../../support/recording-crash';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// The recorder's notes pad: the lines the user types while recording are kept by main with the
// time each was written (on the recording's clock), survive a kill -9 as the audio does, and end
// in the transcript's data beside its markers.
useFake();

async function openCore(dir: string) {
  const clock = fakeClock();
  // Who spoke is recording.test.ts's concern; left out here, its labelling does not outlive the test.
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar(), recordingClock: clock, onRecordingTranscribed: () => undefined });
  onTestFinished(() => core.close());
  const events: RecordingEvent[] = [];
  const sink = { send: (_channel: string, payload: unknown) => events.push((payload as { event: RecordingEvent }).event) };
  async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code, problem: result.error.problem });
    return result.value as T;
  }
  await invoke('settings:update', { plan: 'pro' });
  await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
  let seq = 0;
  return {
    core,
    events,
    invoke,
    second(id: string) {
      clock.advance(1_000);
      return core.recording.append({ id, seq: seq++, pcm: framesOf(1, [800]) });
    },
    /** The transcript the fake service made of the recording's job, as the page opens it. */
    async transcriptOf(jobId: string) {
      await expect.poll(() => core.jobs.list().find((job: Job) => job.id === jobId)?.state, { timeout: 15_000 }).toBe('done');
      const [summary] = await invoke<Array<{ id: string }>>('transcription:list');
      return (await invoke<TranscriptReading>('transcription:open', { id: summary!.id })).transcript;
    },
  };
}

describe("the recorder's notes pad", () => {
  it('keeps each line with the time it was written, never past the time recorded, into the transcript', async () => {
    const app = await openCore(await testFolder('confab-notes-'));
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    for (let n = 0; n < 3; n++) await app.second(recording.id);
    await app.invoke('recording:note', { id: recording.id, lines: [{ at: 1.2, text: 'Budget: Anna asks for 10 %' }] });
    await app.second(recording.id);
    // The page sends the pad whole: a line edited keeps its time, a new one has its own; one
    // claiming a time not yet recorded is brought back to the time recorded (4 s).
    await app.invoke('recording:note', {
      id: recording.id,
      lines: [
        { at: 1.2, text: 'Budget: Anna asks for 12 %' },
        { at: 3.5, text: 'Bridge: steel is late' },
        { at: 60, text: 'Too early a time' },
      ],
    });
    await app.invoke('recording:mark', { id: recording.id, at: 2 });
    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    const transcript = await app.transcriptOf(stopped.jobId!);
    expect(transcript.notes).toEqual([
      { at: 1.2, text: 'Budget: Anna asks for 12 %' },
      { at: 3.5, text: 'Bridge: steel is late' },
      { at: 4, text: 'Too early a time' },
    ]);
    expect(transcript.markers).toEqual([{ at: 2, label: '' }]);
  });

  it('refuses notes for a recording that is not running, and a pad larger than the cap', async () => {
    const app = await openCore(await testFolder('confab-notes-'));
    await expect(app.invoke('recording:note', { id: 'elsewhere', lines: [{ at: 0, text: 'x' }] })).rejects.toMatchObject({ problem: { code: 'recording.not_running' } });
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    await app.second(recording.id);
    // A page's own path or a folder cannot be named: the id must be the running recording's.
    await expect(app.invoke('recording:note', { id: '../../history', lines: [] })).rejects.toMatchObject({ problem: { code: 'recording.not_running' } });
    const huge = Array.from({ length: 200 }, (_, n) => ({ at: 0, text: `${n} ${'x'.repeat(999)}` }));
    // Refused in words that say what to do.
    await expect(app.invoke('recording:note', { id: recording.id, lines: huge })).rejects.toMatchObject({
      code: 'invalid_payload',
      problem: { code: 'recording.notes_too_long', values: { max: NOTES_MAX_CHARS } },
    });
    const many = Array.from({ length: NOTES_MAX_LINES + 1 }, () => ({ at: 0, text: 'x' }));
    await expect(app.invoke('recording:note', { id: recording.id, lines: many })).rejects.toMatchObject({
      problem: { code: 'recording.notes_too_many_lines', values: { max: NOTES_MAX_LINES } },
    });
    // What was kept before stays: the pad the page sent last that main took.
    await app.invoke('recording:note', { id: recording.id, lines: [{ at: 0.5, text: 'kept' }] });
    await expect(app.invoke('recording:note', { id: recording.id, lines: huge })).rejects.toBeDefined();
    const { notes } = await app.invoke<{ notes: unknown }>('recording:attach', { id: recording.id });
    expect(notes).toEqual([{ at: 0.5, text: 'kept' }]);
  });

  it('keeps a pasted line longer than a line may be as lines of at most NOTE_LINE_MAX_CHARS at its time, and the typing after it', async () => {
    const app = await openCore(await testFolder('confab-notes-'));
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    for (let n = 0; n < 3; n++) await app.second(recording.id);
    const pasted = `${'word '.repeat(900)}end`;
    await app.invoke('recording:note', { id: recording.id, lines: [{ at: 1, text: pasted }, { at: 2.5, text: 'Typed after the paste' }] });
    const { notes } = await app.invoke<{ notes: Array<{ at: number; text: string }> }>('recording:attach', { id: recording.id });
    expect(notes.length).toBe(4);
    notes.slice(0, 3).forEach((line) => expect(line.at).toBe(1));
    notes.forEach((line) => expect(line.text.length).toBeLessThanOrEqual(NOTE_LINE_MAX_CHARS));
    // Cut between words, nothing lost: the pieces read back as the line pasted.
    expect(notes.slice(0, 3).map((line) => line.text).join('')).toBe(pasted);
    expect(notes[3]).toEqual({ at: 2.5, text: 'Typed after the paste' });
  });

  it('keeps the lines typed before a kill -9: the recovered recording is transcribed with them', { timeout: 60_000 }, async () => {
    const dir = await testFolder('confab-notes-crash-');
    const { id, written } = await killMidRecording(dir, 8, { notes: true });
    const app = await openCore(dir);
    await app.invoke('recording:watch');
    await expect.poll(() => app.events.at(-1)?.waiting[0]).toMatchObject({ id, state: 'recovered' });
    const job = await app.invoke<Job>('recording:transcribe', { id });
    const transcript = await app.transcriptOf(job.id);
    // The child notes a line after each second it wrote, "Line n" at n + 0.5 s: every line noted
    // before the kill is there, at its time.
    const noted = transcript.notes ?? [];
    expect(noted.length).toBeGreaterThanOrEqual(written - 1);
    noted.forEach((line, n) => expect(line).toEqual({ at: n + 0.5, text: `Line ${n}` }));
  });
});
