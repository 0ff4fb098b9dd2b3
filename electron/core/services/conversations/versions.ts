import type { Message, ReplyVersion } from '../../../../shared/domain/conversation';
import { Problem } from '../../../../shared/domain/problem';

const versionOf = ({ content, state, usage, failure, model, createdAt }: Message): ReplyVersion => ({ content, state, usage, failure, model, createdAt });

/** Every version of a reply in the order written, the shown one (the message itself) in its place. */
function allVersions(message: Message): ReplyVersion[] {
  const { others = [], position = 0 } = message.versions ?? {};
  return [...others.slice(0, position), versionOf(message), ...others.slice(position)];
}

/**
 * The versions a new reply in `replaced`'s place starts with: every version of it, the new one
 * last. A reply that left nothing to read (a failure before any text) is not kept as one.
 */
export function versionsAfter(replaced: Message | undefined): Message['versions'] {
  if (!replaced) return undefined;
  const kept = allVersions(replaced).filter((version) => version.content !== '');
  return kept.length ? { others: kept, position: kept.length } : undefined;
}

/** The message showing its version `index` (what the model is sent from now on); the others keep their order. */
export function showingVersion(message: Message, index: number): Message {
  const all = allVersions(message);
  const chosen = all[index];
  if (!chosen || all.length < 2) throw new Problem('reply.no_version');
  return { ...message, ...chosen, versions: { others: all.filter((_, i) => i !== index), position: index } };
}
