import { describe, expect, it, vi } from 'vitest';
import { createOpenedRecordings } from '../../../../electron/core/services/jobs/opened-recordings';
import type { JobRequest } from '../../../../shared/contract/jobs';

const defaults = { model: 'whisper-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: [] } as unknown as JobRequest;
const staged = (fileId: string) => ({ ok: true as const, file: { fileId, name: `${fileId}.wav`, size: 10, format: 'wav' as const, mimeType: 'audio/wav' } });

describe('recordings opened from the OS', () => {
  it('removes the staged copy of one main could not queue, and says which', () => {
    const send = vi.fn();
    const discard = vi.fn(async () => undefined);
    const opened = createOpenedRecordings({
      jobs: {
        add: ({ fileId }) => {
          if (fileId === 'b') throw new Error('The queue is closing');
          return { id: `job-${fileId}` } as ReturnType<Parameters<typeof createOpenedRecordings>[0]['jobs']['add']>;
        },
      },
      settings: { get: () => ({ plan: 'pro' }), transcriptionDefaults: () => defaults },
      events: { send },
      discard,
    });
    opened.receive([staged('a'), staged('b')]);
    expect(discard.mock.calls).toEqual([['b']]);
    expect(send).toHaveBeenCalledWith({ type: 'opened', queued: ['job-a'], needsPro: [], refused: [{ code: 'intake.not_queued', values: { name: 'b.wav', detail: 'The queue is closing' } }] });
  });
});
