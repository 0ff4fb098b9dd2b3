import { stat } from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_EXTENSIONS, type StageOutcome } from '../../../shared/contract/transcription';
import type { StagePurpose } from '../../../shared/contract/staging';

const AUDIO_FILE = new RegExp(`\\.(${AUDIO_EXTENSIONS.join('|')})$`, 'i');

/**
 * The recordings among a launch's arguments (the OS's "open with", a second launch, a
 * command line), as absolute paths. Flags and anything not named like audio (the app's own
 * path, `.` under `electron .`) are not files to open; staging checks the content anyway.
 */
export function audioPathsIn(argv: readonly string[], cwd: string): string[] {
  return argv.filter((arg) => !arg.startsWith('-') && AUDIO_FILE.test(arg)).map((arg) => path.resolve(cwd, arg));
}

export interface OpenTarget {
  stage(path: string, name: string, purpose: StagePurpose): Promise<StageOutcome>;
  /** Hands them to the core, which queues them with the settings' transcription defaults (core `opened`). */
  deliver(files: StageOutcome[]): void;
  /** Brings the window forward, restoring it if minimised. */
  focus(): void;
}

/**
 * Files opened with Confab. They can arrive before the app is ready (macOS sends open-file
 * at launch, before ready), so they wait until `attach` gives them somewhere to go; each
 * batch is staged (copied, checked) and delivered together.
 */
export function createOpenedFiles() {
  let target: OpenTarget | null = null;
  let waiting: string[] = [];

  async function deliver(to: OpenTarget, paths: string[]): Promise<void> {
    to.focus();
    const files = await Promise.all(
      paths.map(async (file) => {
        const name = path.basename(file);
        try {
          await stat(file); // a file gone since the OS named it gets its own message
          // As a drop does: main keeps the recording with its transcript, and splits it if it is long.
          return await to.stage(file, name, 'original');
        } catch (error) {
          const gone = (error as NodeJS.ErrnoException).code === 'ENOENT';
          return { ok: false as const, problem: { code: gone ? 'intake.not_opened_gone' : 'intake.not_opened_unreadable', values: { name } } };
        }
      }),
    );
    to.deliver(files);
  }

  return {
    open(paths: readonly string[]): Promise<void> {
      if (paths.length === 0) return Promise.resolve();
      if (!target) {
        waiting.push(...paths);
        return Promise.resolve();
      }
      return deliver(target, [...paths]);
    },
    /** From now on files go to `to`; what waited goes first. */
    attach(to: OpenTarget): Promise<void> {
      target = to;
      const held = waiting;
      waiting = [];
      return held.length > 0 ? deliver(to, held) : Promise.resolve();
    },
  };
}
