import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { type Conversation, type Message, conversationSchema } from '../../../../shared/domain/conversation';
import { redact } from '../net/redact';
import { usableName } from '../storage/file-name';
import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';

const FORMAT = 'confab.conversation';
const exportSchema = z.object({ format: z.literal(FORMAT), version: z.literal(1), conversation: conversationSchema });

const SPEAKER = { user: 'You', assistant: 'Assistant', system: 'System', tool: 'Tool' } as const;

/**
 * A file name from a title, cleaned as every name main writes is. A title is no path: its slashes
 * are spaces, so "Q3 / Q4" keeps both halves instead of the last segment only.
 */
export function safeFileName(title: string, id: string): string {
  return `${usableName(title.replace(/[\\/]/g, ' '), 60) ?? 'Conversation'} (${id.slice(0, 8)})`;
}

export function toMarkdown(conversation: Conversation): string {
  const lines = [`# ${conversation.title}`, '', `Model: \`${conversation.options.model}\` · ${new Date(conversation.createdAt).toISOString()}`, ''];
  if (conversation.systemPrompt) lines.push(`> **System prompt:** ${conversation.systemPrompt.replace(/\n/g, '\n> ')}`, '');
  const push = (message: Message, level: string) => {
    const note = message.state === 'complete' ? '' : ` _(${message.state})_`;
    const who = message.summary ? `Summary of ${message.summary.covers.length} earlier messages` : SPEAKER[message.role];
    lines.push(`${level} ${who}${note}`, '', message.content, '');
    // The documents' text stays in the held folder: the export names them, as the message's chips do.
    for (const item of message.attached ?? []) lines.push(`> **Attached:** ${attachedLine(item)}`);
    if (message.attached?.length) lines.push('');
  };
  for (const message of conversation.messages) push(message, '##');
  branchesOf(conversation).forEach(({ after, messages }, index) => {
    const start = after ? `after “${after.content.replace(/\s+/g, ' ').slice(0, 60)}”` : 'at the start';
    lines.push('---', '', `## Other branch ${index + 1} (${start})`, '');
    for (const message of messages) push(message, '###');
  });
  return redact(lines.join('\n'));
}

function attachedLine({ kind, name, pages, tokens, firstTokens }: NonNullable<Message['attached']>[number]): string {
  const size = [...(pages !== null ? [`${pages} pages`] : []), `~${tokens} tokens`, ...(firstTokens ? [`the first ${firstTokens} sent`] : [])];
  return `${kind === 'paste' ? 'pasted text' : name} (${size.join(', ')})`;
}

/**
 * The other branches, each from where it leaves a message written before it to the end of its
 * messages in the order written: a branch that itself branched shows again from its fork.
 */
function branchesOf({ messages, otherBranches = [] }: Conversation): Array<{ after: Message | null; messages: Message[] }> {
  const byId = new Map<string, Message>([...messages, ...otherBranches].map((message) => [message.id, message]));
  const branches: Array<{ after: Message | null; messages: Message[]; tip: string }> = [];
  for (const { parentId, ...message } of otherBranches) {
    const growing = branches.find((branch) => branch.tip === parentId);
    if (growing) {
      growing.messages.push(message);
      growing.tip = message.id;
    } else branches.push({ after: parentId === null ? null : (byId.get(parentId) ?? null), messages: [message], tip: message.id });
  }
  return branches;
}

/** The JSON export: the conversation exactly as stored, tagged so an import can recognise it. */
// Keys pasted into a conversation (or echoed in a reply) do not travel with an export.
export const toJson = (conversation: Conversation) => redact(JSON.stringify({ format: FORMAT, version: 1, conversation }, null, 2));

/** Reads an export back, or names what is wrong with the file. */
export function parseExport(text: string): { ok: true; conversation: Conversation } | { ok: false; problem: ProblemData } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { code: 'import.not_json', values: { detail: errorText(error) } } };
  }
  if ((data as { format?: unknown })?.format !== FORMAT) {
    return { ok: false, problem: { code: 'import.not_export', values: {} } };
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.join('.');
    return { ok: false, problem: at ? { code: 'import.damaged_at', values: { at } } : { code: 'import.damaged', values: {} } };
  }
  return { ok: true, conversation: parsed.data.conversation };
}

/** Every conversation as Markdown and JSON, one pair per conversation, in one zip. */
export function archiveOf(conversations: Conversation[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const conversation of conversations) {
    const name = safeFileName(conversation.title, conversation.id);
    files[`${name}.md`] = strToU8(toMarkdown(conversation));
    files[`${name}.json`] = strToU8(toJson(conversation));
  }
  return zipSync(files);
}
