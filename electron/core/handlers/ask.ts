import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { HistoryStore } from '../services/history/history-store';
import type { MeetingsAsk } from '../services/meetings-ask/meetings-ask';

export function askHandlers(deps: { ask: MeetingsAsk; history: HistoryStore }): Handlers<Contract>['ask'] {
  return {
    prepare: async ({ question }) => deps.ask.prepare(question),
    send: ({ askId }) => deps.ask.send(askId),
    rows: async ({ transcriptId }) => deps.history.transcripts.rows.rowsOf(transcriptId).map(({ rowId, startMs }) => ({ rowId, startMs })),
    setExcluded: async ({ transcriptId, excluded }) => deps.history.transcripts.setAskExcluded(transcriptId, excluded),
  };
}
