import { describe, expect, it, vi } from 'vitest';

// Main's side of the bridge, counting what the page asks for.
const asked: string[] = [];
const document = { blocks: [{ id: '1', speaker: null, words: 'Hello\nthere.', times: '0,400,400,900' }], speakers: [] };
vi.mock('../../../../renderer/api', () => ({
  api: {
    transcriptEditor: {
      open: async ({ id }: { id: string }) => (asked.push(`open ${id}`), { fileName: 'talk.wav', markers: [], document, version: 0, state: { canUndo: false, canRedo: false, edited: false }, hasTimings: true, duration: 1, unsaved: null }),
      knownSpeakers: async () => (asked.push('knownSpeakers'), []),
      waveform: async ({ id }: { id: string }) => (asked.push(`waveform ${id}`), { windows: 1, windowMs: 10, from: 0, peaks: 'AAE=', durationMs: 10 }),
    },
    transcription: { audioUrl: async ({ id }: { id: string }) => (asked.push(`audioUrl ${id}`), { url: `http://127.0.0.1/audio/${id}` }) },
  },
}));
const store = await import('../../../../renderer/transcript-editor/store');
const { overviewOf } = await import('../../../../renderer/transcript-editor/waveform');

describe("the editor's opening", () => {
  it('is asked of main at the click on Edit transcript, before its screen mounts, and not again by the screen', async () => {
    store.prepareEditor('t1');
    // The click alone, before the result view is taken down and the editor's screen mounts.
    expect(asked.sort()).toEqual(['audioUrl t1', 'knownSpeakers', 'open t1', 'waveform t1']);
    // The screen mounts: its opening, its player and its waveform take what the click asked for.
    await store.openEditor('t1');
    await store.recordingUrl('t1');
    await overviewOf('t1');
    await vi.waitFor(() => expect(store.useEditor.getState().document?.blocks[0]?.words).toEqual(['Hello', 'there.']));
    expect(asked).toHaveLength(4);
  });

  it('asks afresh for a screen opened without the click (a reload, the back button, another window)', async () => {
    asked.length = 0;
    await store.openEditor('t1');
    await store.recordingUrl('t1');
    expect(asked.sort()).toEqual(['audioUrl t1', 'knownSpeakers', 'open t1']);
  });
});
