import { join } from 'node:path';
import { type StartSplitProcess, createPeakReader } from './services/audio-split';
import type { HistoryStore } from './services/history/history-store';
import type { LanguageService } from './services/language/language-service';
import { createPeople } from './services/people/people-service';
import type { SettingsStore } from './services/settings/settings-store';
import { createTranscriptEditor } from './services/transcript-editor/editor-service';
import { createWaveforms } from './services/waveform/waveform-service';
import { log } from './log';

/**
 * What the transcript editor stands on: the people list (docs/architecture/people.md), the
 * editor's documents, and the recordings' waveforms read once in a splitter process
 * (docs/architecture/transcript-editor.md).
 */
export function openEditing(deps: { history: HistoryStore; settings: SettingsStore; language: LanguageService; dataDir: string; splitProcess?: StartSplitProcess }) {
  const { history, settings, language } = deps;
  const people = createPeople({
    history,
    selfName: () => settings.get().speakerName,
    fallbackSelfName: () => language.t('speakers.me'),
    renameSelf: async (name) => void (await settings.update({ speakerName: name, speakerNameAsked: true })),
  });
  // The user's own name is Settings'; the list follows it when it changes there.
  settings.onChange(people.refresh);
  const editor = createTranscriptEditor({ history, people });
  const reader = createPeakReader({ start: deps.splitProcess });
  const waveforms = createWaveforms({ dir: join(deps.dataDir, 'waveforms'), audioPath: (id) => history.transcripts.audioPath(id), reader });
  return { people, editor, waveforms, closeEditing: () => reader.close() };
}

/**
 * What a removed transcript kept, each removed on its own: peaks that could not be removed must
 * not keep the recording's audio, nor the other way round. A failure is logged: the transcript
 * itself is gone already, so there is nothing left for the page to try again.
 */
export async function removeEach(id: string, removals: ReadonlyArray<(id: string) => Promise<void>>) {
  const results = await Promise.allSettled(removals.map((remove) => remove(id)));
  for (const result of results) if (result.status === 'rejected') log.warn(`Removing what transcript ${id} kept failed:`, result.reason);
}
