// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../../shared/contract/settings';

// The page's part of files opened from the OS: main has queued them (or kept them for Pro);
// the page shows the queue and lists what waits, and queues nothing itself until the plan is Pro.
const main = vi.hoisted(() => ({ added: [] as unknown[] }));
vi.mock('../../../../renderer/api', () => ({
  api: {
    jobs: { add: async (input: unknown) => (main.added.push(input), { id: 'job-3' }) },
    settings: { setTranscriptionDefaults: async () => undefined },
    transcription: { discard: async () => undefined },
  },
}));

const { receiveOpenedRecordings } = await import('../../../../renderer/app/desktop-events');
const { useNavigation } = await import('../../../../renderer/navigation');
const { useSettings } = await import('../../../../renderer/settings');
const { useHistory } = await import('../../../../renderer/history');
const { useIntake } = await import('../../../../renderer/transcription/intake');
const { useTranscription } = await import('../../../../renderer/transcription/store');
const { i18n } = await import('../../../../renderer/i18n');
const { i18nOptions } = await import('../../../../shared/i18n/options');
const { english } = await import('../../../../shared/i18n/english');
// Main sends the refusal as a code; the page says it in the UI language (English here).
await i18n.init({ ...i18nOptions('en'), resources: { en: { ...english } } });

const settings = (plan: 'free' | 'pro') => ({ plan }) as Settings;
const memo = { fileId: 'staged-1', name: 'memo.wav', size: 2048, format: 'wav' as const, mimeType: 'audio/wav' };

describe('files opened from the OS, as the page receives them', () => {
  it('on Free lists the kept file as waiting with a notice, says what was refused, and queues it only once the plan is Pro', async () => {
    useSettings.setState({ settings: settings('free') });
    receiveOpenedRecordings({ type: 'opened', queued: [], needsPro: [memo], refused: [{ code: 'intake.not_opened_gone', values: { name: 'notes.txt' } }] });

    expect(useNavigation.getState()).toMatchObject({ view: 'transcription', transcriptId: null });
    expect(useIntake.getState().items).toEqual([expect.objectContaining({ name: 'memo.wav', state: 'held', fileId: 'staged-1' })]);
    expect(useTranscription.getState().notice).toMatchObject({ names: ['memo.wav'] });
    expect(useHistory.getState().toast).toMatchObject({ kind: 'problem', failed: 'open', problems: [{ code: 'intake.not_opened_gone', values: { name: 'notes.txt' } }] });

    useSettings.setState({ settings: settings('pro') });
    useIntake.getState().release();
    // Main queues it with its own transcription defaults: the page names the file only.
    await vi.waitFor(() => expect(main.added).toEqual([{ fileId: 'staged-1' }]));
    await vi.waitFor(() => expect(useIntake.getState().items).toEqual([]));
  });
});
