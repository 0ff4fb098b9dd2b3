import { open, rm } from 'node:fs/promises';
import type { Contract } from '../../shared/contract';
import { STAGE_CHUNK_BYTES } from '../../shared/contract/transcription';
import type { Handlers } from '../ipc/router';
import type { FileSaver } from '../services/file-saver';
import type { HistoryStore } from '../services/history/history-store';
import { subtitleFile } from '../services/transcription/subtitle-file';
import type { Staging } from '../services/transcription/staging';
import type { TranscriptionService } from '../services/transcription/transcription-service';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  mpga: 'audio/mpeg',
  mpeg: 'video/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'audio/webm',
};

export function transcriptionHandlers(deps: {
  staging: Staging;
  transcription: TranscriptionService;
  history: HistoryStore;
  files: FileSaver;
}): Handlers<Contract>['transcription'] {
  const { staging, history } = deps;
  return {
    stageBegin: async ({ name, size, purpose }) => staging.begin(name, size, purpose),
    stageChunk: ({ stageId, offset, base64 }) => staging.chunk(stageId, offset, Buffer.from(base64, 'base64')),
    stageEnd: ({ stageId }) => staging.end(stageId),
    discard: ({ fileId }) => staging.discard(fileId),
    transcribe: (request, ctx) => deps.transcription.transcribe(request, ctx),
    list: async () => history.transcripts.list(),
    open: async ({ id }) => history.transcripts.get(id),

    async remove({ id }) {
      const audio = history.transcripts.remove(id);
      if (audio) await rm(audio, { force: true });
    },

    async audioChunk({ id, offset }) {
      const path = history.transcripts.audioPath(id);
      if (!path) throw new Error('The original audio of this transcript was not kept.');
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(STAGE_CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        const { size } = await handle.stat();
        const extension = path.slice(path.lastIndexOf('.') + 1);
        return {
          base64: buffer.subarray(0, bytesRead).toString('base64'),
          done: offset + bytesRead >= size,
          mimeType: AUDIO_TYPES[extension] ?? 'application/octet-stream',
        };
      } finally {
        await handle.close();
      }
    },

    saveMerged: async (input) => deps.transcription.saveMerged(input),

    exportSubtitles: async ({ id, format, rules }) => deps.files.save(subtitleFile(history.transcripts.get(id), format, rules)),
  };
}
