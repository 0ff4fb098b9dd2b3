import type { ContractDef } from './define';
import { askArea } from './ask';
import { conversationsArea } from './conversations';
import { desktopArea } from './desktop';
import { dictationArea } from './dictation';
import { historyArea } from './history';
import { jobsArea } from './jobs';
import { mcpArea } from './mcp';
import { modelJobsArea } from './modelJobs';
import { notesArea } from './notes';
import { peopleArea } from './people';
import { permissionsArea } from './permissions';
import { profilesArea } from './profiles';
import { recordingArea } from './recording';
import { secretsArea } from './secrets';
import { settingsArea } from './settings';
import { transcriptionArea } from './transcription';
import { transcriptEditorArea } from './transcriptEditor';
import { translationArea } from './translation';

/** Every IPC call and stream the renderer can use, by feature area. */
export const contract = {
  settings: settingsArea,
  secrets: secretsArea,
  profiles: profilesArea,
  conversations: conversationsArea,
  history: historyArea,
  transcription: transcriptionArea,
  transcriptEditor: transcriptEditorArea,
  people: peopleArea,
  notes: notesArea,
  translation: translationArea,
  ask: askArea,
  jobs: jobsArea,
  modelJobs: modelJobsArea,
  recording: recordingArea,
  dictation: dictationArea,
  mcp: mcpArea,
  permissions: permissionsArea,
  desktop: desktopArea,
} satisfies ContractDef;

export type Contract = typeof contract;
