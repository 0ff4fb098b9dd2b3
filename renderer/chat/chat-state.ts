import type { ProblemData } from '../../shared/domain/problem';
import type { ChatOptions } from '../../shared/domain/chat';
import type { ToolDecision } from '../../shared/contract/chat';
import type { LiveReply } from '../../shared/contract/conversations';
import type { ConversationMeta } from '../../shared/domain/conversation';
import type { DiskRefusal } from '../../shared/contract/storage';
import type { Lists } from './listing';
import type { OptionsInput } from './options';

/**
 * The chat feature's state. It is a view of main's conversations: main owns them and the
 * replies it writes; this holds what is loaded, the drafts, and the replies as they arrive.
 */

/**
 * The reply main is writing in one conversation. Its text lives here rather than in the
 * conversation, so a fragment re-renders only that reply, never the finished messages.
 */
export interface RunningReply {
  /** Empty while the intent is on its way to main. */
  messageId: string;
  text: string;
  /** Tool calls main is waiting on the user to decide, in the order asked. */
  approvals: PendingApproval[];
}

/** A `toolApproval` not yet decided; `deciding` while the decision is on its way to main. */
export interface PendingApproval {
  callId: string;
  tool: LiveReply['approvals'][number]['tool'];
  arguments: LiveReply['approvals'][number]['arguments'];
  deciding: boolean;
  /** Why main refused the decision, if it did: the error, worded where it is shown. */
  problem: unknown;
}

/**
 * What went wrong with the saved history, as facts: the notice words them when it shows, so a
 * change of language re-words a notice already on screen.
 */
export type StorageWords =
  | { cause: 'start' | 'save' | 'read' | 'open' | 'send' | 'version' | 'branch' | 'branchFrom'; error: unknown }
  /** Main's own account of the history (a repair's notice), with its id for the dismissal. */
  | { cause: 'status'; problems: ProblemData[]; noticeId: string | null }
  | { cause: 'removed'; title: string | undefined }
  | { cause: 'unsaved'; refusal: DiskRefusal };

export interface ConversationsSlice extends Lists {
  activeId: string;
  /** The composer's text, by conversation id; it becomes a message only when sent. Kept across reloads. */
  drafts: Record<string, string>;
  /** The option fields as typed, by conversation id; the conversation keeps the last valid options. */
  optionInputs: Record<string, OptionsInput>;
  /** A message to bring into view and highlight (a search hit); `at` tells two clicks on one hit apart. */
  target: { conversationId: string; messageId: string; at: number } | null;
  /** Saved conversations opened a page at a time whose earliest messages are not loaded yet, by id. */
  earlier: Record<string, true>;
  /** Loads the page of messages before the first one loaded (the list reached its top). */
  loadEarlier(id: string): Promise<void>;
  /**
   * What went wrong with the saved history, and for which kind of action: the next action of
   * that kind that succeeds clears it (a change saved, a page read, a conversation opened, a
   * request sent, the replies main held written); the problem found at start stays until dismissed.
   */
  storageProblem: ({ kind: 'start' | 'save' | 'read' | 'open' | 'send' | 'reply' } & StorageWords) | null;
  hydrate(): Promise<void>;
  /**
   * Repairs of the history main ended while this page watched. A repair may lose rows and a
   * backup bring others back: the views of the history read it again (`reloadHistory`; the
   * search runs again when this changes), and whatever the repair refused meanwhile shows.
   */
  repairs: number;
  /** Reads the list, main's notice and the open conversation again, replacing what this page held. */
  reloadHistory(): Promise<void>;
  newConversation(): void;
  /**
   * Opens a conversation, loading its messages on first use; answers whether it is now the active
   * one. With a message (a search hit), the branch holding it is shown first.
   */
  select(id: string, messageId?: string): Promise<boolean>;
  /** Reads a loaded conversation's current path again (main showed another branch). */
  reopen(id: string): Promise<void>;
  clearTarget(): void;
  dismissStorageProblem(): void;
  setDraft(id: string, text: string): void;
  setSystemPrompt(id: string, text: string): void;
  updateOptions(id: string, change: Partial<OptionsInput>): void;
  /** Rejects with main's reason when the title is refused. */
  rename(id: string, title: string): Promise<void>;
  setPinned(id: string, pinned: boolean): void;
  /** Hides the conversation at once (main stops its reply); main purges it at its next start unless it is restored. */
  remove(id: string): Promise<void>;
  restore(meta: ConversationMeta): Promise<void>;
  /** A conversation main has just added (an import). */
  addListed(meta: ConversationMeta): void;
  /** The options a new chat starts with: the current chat's, less Pro ones the plan does not allow. */
  newChatOptions(): ChatOptions;
  /** A conversation main has just started (Ask about a transcript): listed, shown, with a first message ready to send. */
  openStarted(meta: ConversationMeta, draft: string): void;
}

export interface RepliesSlice {
  /** By conversation id. */
  running: Record<string, RunningReply>;
  /** A reply's step ("Step 2 of 8") by assistant message id, for replies that used tools this session. */
  steps: Record<string, { step: number; maxSteps: number }>;
  /** Answers a waiting tool call: run it once, refuse it, or run it and this tool from now on in this conversation. */
  decideTool(conversationId: string, callId: string, decision: ToolDecision): void;
  /** Each of these answers false when nothing was asked of main (empty text, a reply running, invalid options). */
  send(id: string): boolean;
  /** Replaces the last reply; it is also what Retry does after a failure. */
  regenerate(id: string): boolean;
  /** Answers the last message again with only the first part of held item `itemId` (it alone was too long). */
  sendFirstPart(id: string, itemId: string): boolean;
  /** The same with a summary of it, which main writes first (the reply is running meanwhile). */
  sendSummary(id: string, itemId: string): boolean;
  editAndResend(id: string, messageId: string, content: string): boolean;
  /** Retry on a user message: main answers it again in a new branch; its old reply and all after it stay. */
  retry(id: string, messageId: string): boolean;
  /** Asks main to go on with a reply that ended early. */
  continueReply(id: string, messageId: string): boolean;
  /** Shows another version of a reply (kept by Retry and Regenerate); main makes it the one the model is sent. */
  showVersion(id: string, messageId: string, version: number): Promise<void>;
  /** Shows the branch through a message (one of an edited message's siblings); main's `path` event brings it. */
  showBranch(id: string, messageId: string): Promise<void>;
  /** Branch from here: main copies the path up to the message into a new conversation, which opens. */
  branchFrom(id: string, messageId: string): Promise<void>;
  stop(id: string): void;
}

export type ChatState = ConversationsSlice & RepliesSlice;
