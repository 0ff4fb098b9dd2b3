import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { HistoryStore } from '../services/history/history-store';
import { replyCitations } from '../services/transcript-ask/reply-citations';
import type { MeetingsAsk } from '../services/meetings-ask/meetings-ask';

export function askHandlers(deps: { ask: MeetingsAsk; history: HistoryStore }): Handlers<Contract>['ask'] {
  return {
    prepare: async ({ question }) => deps.ask.prepare(question),
    send: ({ askId }) => deps.ask.send(askId),
    stop: async ({ askId }) => deps.ask.stop(askId),
    async citations({ conversationId, messageId }) {
      const { attachment, messages } = deps.history.get(conversationId);
      const message = messages.find((each) => each.id === messageId && each.role === 'assistant');
      if (attachment?.kind !== 'transcript' || !message) return [];
      return replyCitations(message.content, deps.history.transcripts.rows.rowsOf(attachment.id));
    },
    setExcluded: async ({ transcriptId, excluded }) => deps.history.transcripts.setAskExcluded(transcriptId, excluded),
  };
}
