import { rm } from 'node:fs/promises';
import type { JobRequest } from '../../../../shared/contract/jobs';
import { type LiveChange, type LiveTranscript, RECORDING_SAMPLE_RATE, type Recording, type Track } from '../../../../shared/contract/recording';
import { PROMPT_MAX_CHARS, type TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { ClipEncoder } from '../audio-split';
import { liveChangeOf } from '../../../../shared/domain/live-transcript';
import { createWatchers } from '../events/watchers';
import { log } from '../../log';
import { glossaryPrompt } from '../jobs/glossary-prompt';
import type { LiveFeed } from '../recording/live-feed';
import { captionsPath } from '../recording/manifest';
import type { SideNames } from '../speaker-tracks';
import { type Caption, type SenderDeps, createCaptionSender } from './caption-sender';
import { type DonePart, liveLines } from './live-view';
import { type CutterOptions, StretchCutter, pauseHintOf } from './stretch-cutter';

export type { DonePart } from './live-view';

export interface LiveCaptionsDeps {
  /** Pro, and captions switched on: asked as the audio comes, so switching them off stops them at once. */
  enabled(): boolean;
  transcribe: SenderDeps['transcribe'];
  /** The transcription defaults: their model, language, prompt and glossary. */
  defaults(): JobRequest;
  /** The speakers a recording made in Confab has, for the glossary. */
  speakerNames(): string[];
  sides(): SideNames;
  /** A recording's encoder of clips to Opus (a kept process, made per recording); without one clips go as WAV. */
  encoder?(): ClipEncoder;
  /** Tests shorten the waits and the stretches. */
  sender?: Pick<SenderDeps, 'waitMs' | 'maxInFlight'>;
  cutter?: Partial<CutterOptions>;
}

type Waiting = LiveTranscript['sendingWaits'][number];
/** In the order the recorder names them. */
const WAITING: readonly Waiting[] = ['parts', 'captions'];

/** The last words confirmed on a track, carried in the prompt of its next caption. */
export const CARRIED_CHARS = 200;

/** The end of `text`, at most `max` characters, from a word's start. */
const lastWords = (text: string, max: number) => (text.length <= max ? text : text.slice(-max).replace(/^\S*\s+/, ''));

/**
 * Live captions of the running recording (Pro, when switched on): each track's speech is cut into
 * short stretches as it is heard, each sent on its own with the glossary and the last words
 * confirmed on the same track as its prompt, and the captions are shown in the live transcript
 * until the recording's final parts replace them (`partDone`).
 */
export function createLiveCaptions(deps: LiveCaptionsDeps) {
  const watchers = createWatchers<LiveChange>();
  /** What the pages were last sent: each change is sent as the difference from it. */
  let sent: LiveTranscript = { recordingId: null, lines: [], sendingWaits: [] };
  let current: { recording: Recording; captions: Caption[]; parts: DonePart[]; waits: Set<Waiting> } | null = null;

  function view(): LiveTranscript {
    if (!current) return { recordingId: null, lines: [], sendingWaits: [] };
    const { recording, captions, parts, waits } = current;
    const sides = recording.tracks.length > 1 ? deps.sides() : null;
    const speakerOf = (track: Track) => (sides ? (track === 'mic' ? sides.mic : sides.others) : null);
    return { recordingId: recording.id, lines: liveLines(captions, parts, speakerOf), sendingWaits: WAITING.filter((kind) => waits.has(kind)) };
  }
  /** The running recording's parts or captions started or stopped waiting for the service. */
  function waits(recordingId: string, kind: Waiting, waiting: boolean) {
    if (current?.recording.id !== recordingId || current.waits.has(kind) === waiting) return;
    if (waiting) current.waits.add(kind);
    else current.waits.delete(kind);
    emit();
  }
  function emit() {
    const now = view();
    const before = sent;
    const change = now.recordingId === sent.recordingId ? liveChangeOf(sent.lines, now) : { ...now, whole: true, removed: [] };
    sent = now;
    const waitsChanged = change.sendingWaits.join() !== before.sendingWaits.join();
    if (change.whole || change.lines.length > 0 || change.removed.length > 0 || waitsChanged) watchers.broadcast(change);
  }

  function open(recording: Recording, folder: string): LiveFeed {
    const state = { recording, captions: [] as Caption[], parts: [] as DonePart[], waits: new Set<Waiting>() };
    current = state;
    emit();
    const confirmed: Record<Track, string> = { mic: '', system: '' };

    function request(track: Track): TranscriptionRequest {
      const defaults = deps.defaults();
      const carried = confirmed[track];
      const glossary = glossaryPrompt(defaults, deps.speakerNames(), PROMPT_MAX_CHARS - carried.length - 1);
      // Plain text is all a caption shows; the final parts bring the timings.
      return { model: defaults.model, language: defaults.language, prompt: [glossary, carried].filter(Boolean).join(' '), responseFormat: 'json', granularities: [] };
    }

    const captionsFolder = captionsPath(folder);
    const encoder = deps.encoder?.() ?? null;
    if (deps.enabled()) encoder?.warm();
    const sender = createCaptionSender({
      ...deps.sender,
      folder: captionsFolder,
      encode: encoder ? (path, frames, outPath) => encoder.encode(path, frames, outPath) : undefined,
      transcribe: deps.transcribe,
      request,
      enabled: deps.enabled,
      onWaiting: (waiting) => waits(recording.id, 'captions', waiting),
      onCaption(caption) {
        if (caption.text) confirmed[caption.track] = lastWords(`${confirmed[caption.track]} ${caption.text}`.trim(), CARRIED_CHARS);
        state.captions.push(caption);
        if (current === state) emit();
      },
    });
    let cutters: StretchCutter[] | null = null;
    let seq = 0;

    return {
      heard(tracks, at) {
        if (!deps.enabled()) {
          cutters = null;
          return;
        }
        cutters ??= tracks.map(() => new StretchCutter(deps.cutter));
        tracks.forEach((pcm, index) => {
          const track = recording.tracks[index]!;
          const samples = new Int16Array(pcm.length / 2);
          for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2);
          for (const stretch of cutters![index]!.push(samples, at)) {
            const clip = { seq: seq++, track, startSeconds: stretch.startFrame / RECORDING_SAMPLE_RATE, endSeconds: stretch.endFrame / RECORDING_SAMPLE_RATE };
            sender.add(clip, stretch.samples);
          }
        });
      },
      pauseHint() {
        return cutters && deps.enabled() ? pauseHintOf(cutters) : null;
      },
      // The speech still being cut is not sent: the final parts carry all of it (see the sender's close).
      // The captions are shown from memory until the next recording; on disk they served only while it ran.
      async ended() {
        await sender.close();
        encoder?.close();
        await rm(captionsFolder, { recursive: true, force: true }).catch((error: unknown) => log.warn('Removing the captions folder failed:', error));
      },
    };
  }

  return {
    open,
    view,
    /** A page gets the live transcript whole, then each change. */
    watch: (send: (event: LiveChange) => void, signal: AbortSignal) => watchers.watch(send, signal, () => ({ ...sent, whole: true, removed: [] })),
    /** The running recording's parts wait for the service, or no longer (the live parts). */
    partsWaiting: (recordingId: string, waiting: boolean) => waits(recordingId, 'parts', waiting),
    /** A final part of the running recording came (the live parts): its text replaces the captions in its span. */
    partDone(recordingId: string, part: DonePart) {
      if (current?.recording.id !== recordingId) return;
      current.parts = [...current.parts.filter((other) => other.index !== part.index), part].sort((a, b) => a.index - b.index);
      emit();
    },
  };
}

export type LiveCaptions = ReturnType<typeof createLiveCaptions>;
