import { randomUUID } from 'node:crypto';
import { constants, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_PASTE_BYTES } from '../../../../shared/contract/conversations';
import { DOCUMENT_CAPS, HELD_QUOTA_BYTES, type HeldItem, type SentItem, heldItemSchema } from '../../../../shared/contract/documents';
import { Problem, type ProblemData } from '../../../../shared/domain/problem';
import type { Staging } from '../intake/staging';
import { type DiskFault, diskFaultOf } from '../storage/disk-faults';
import { extractText } from './extract';

/**
 * A held item's record beside its text: the chip's facts, the conversation it went with (null:
 * still in a composer) and the message that carried it; `firstTokens`: only its beginning is
 * sent, the first `firstChars` characters of the text (measured once, when the user chose it);
 * `summary`: a summary of it goes instead (`summaryTokens` long), the user's other choice.
 */
const recordSchema = heldItemSchema.extend({
  conversationId: z.string().nullable(),
  messageId: z.string().optional(),
  firstTokens: z.number().int().positive().optional(),
  firstChars: z.number().int().nonnegative().optional(),
  summary: z.string().optional(),
  summaryTokens: z.number().int().positive().optional(),
  createdAt: z.number(),
});
type HeldRecord = z.infer<typeof recordSchema>;

/** An item no Send has taken for this long was left by a page that forgot it (its storage cleared). */
const UNSENT_FOR_MS = 30 * 24 * 3600 * 1000;
/** Held text kept in memory (of HELD_QUOTA_BYTES on disk): a long conversation's documents, the least recently sent leaving first. */
const KEPT_TEXT_BYTES = 64 * 1024 * 1024;
const DISK_FAULT_CODES: Record<DiskFault, string> = { full: 'intake.disk_full', readOnly: 'intake.disk_read_only', io: 'intake.disk_error' };

export type AttachOutcome = { ok: true; item: HeldItem } | { ok: false; problem: ProblemData };
/** What a request carries of one held item. */
export interface HeldText {
  id: string;
  name: string;
  kind: HeldItem['kind'];
  text: string;
  /**
   * Its tokens as the extraction worker counted them (gpt-tokenizer's, the estimate's own): a plan
   * adds this rather than counting the text, which for a 100 MB paste would hold main for seconds.
   */
  tokens: number;
  /** The user chose to send only its beginning: this many characters, its first `firstTokens` (conversations/first-part.ts). */
  firstChars?: number;
  firstTokens?: number;
  /** The user chose to send a summary of it instead: this text, `summaryTokens` long. */
  summary?: string;
  summaryTokens?: number;
}

/**
 * Documents and long pastes attached to messages: their text in one folder (`<id>.txt`, its
 * record `<id>.json`), HELD_QUOTA_BYTES in all, so a page cannot fill the disk through them.
 * An item is taken from staging by `attach` (its text read off main's thread, extract.ts),
 * bound to a conversation by the Send that carries it, and removed with that conversation:
 * `sweep` at start drops items of conversations purged since (deletion can be undone until then).
 */
export function createHeldItems(deps: {
  dir: string;
  staging: Staging;
  quotaBytes?: number;
  /** Reads an item's text file (tests count the reads). */
  readText?: (path: string) => string;
}) {
  const { dir, staging } = deps;
  const readText = deps.readText ?? ((path: string) => readFileSync(path, 'utf8'));
  const quota = deps.quotaBytes ?? HELD_QUOTA_BYTES;
  mkdirSync(dir, { recursive: true });
  const items = new Map<string, HeldRecord>();
  const textPath = (id: string) => join(dir, `${id}.txt`);
  const recordPath = (id: string) => join(dir, `${id}.json`);
  for (const entry of readdirSync(dir)) {
    const record = entry.endsWith('.json') ? recordSchema.safeParse(JSON.parse(readFileSync(join(dir, entry), 'utf8'))) : null;
    // Only whole items are kept: the text is written before its record, so a record is never alone.
    if (record?.success && statSync(textPath(record.data.id), { throwIfNoEntry: false })?.size === record.data.size) items.set(record.data.id, record.data);
  }
  for (const entry of readdirSync(dir)) if (!items.has(entry.replace(/\.(txt|json)$/, ''))) rmSync(join(dir, entry), { force: true });

  // Every request and every composer plan of a conversation carries its items' text: read once, not each time.
  const texts = new Map<string, string>();
  let textBytes = 0;
  const forget = (id: string) => {
    if (texts.delete(id)) textBytes -= items.get(id)?.size ?? 0;
  };
  const textOf = (item: HeldRecord) => {
    let text = texts.get(item.id);
    if (text === undefined) text = readText(textPath(item.id));
    forget(item.id);
    texts.set(item.id, text);
    textBytes += item.size;
    for (const id of texts.keys()) {
      if (textBytes <= KEPT_TEXT_BYTES) break;
      if (id !== item.id) forget(id);
    }
    return text;
  };
  const used = () => [...items.values()].reduce((sum, item) => sum + item.size, 0);
  const put = (record: HeldRecord) => writeFile(recordPath(record.id), JSON.stringify(record));
  const drop = async (id: string) => {
    forget(id);
    items.delete(id);
    await rm(recordPath(id), { force: true });
    await rm(textPath(id), { force: true });
  };
  const chipOf = ({ id, kind, name, pages, lines, tokens, firstTokens, summaryTokens }: HeldRecord): SentItem => ({
    id, kind, name, pages, lines, tokens, ...(firstTokens && { firstTokens }), ...(summaryTokens && { summaryTokens }),
  });
  const waiting = (id: string) => {
    const item = items.get(id);
    if (!item || item.conversationId !== null) throw new Problem('held.not_found');
    return item;
  };

  return {
    /** Reads a staged paste or document into the held folder; the staged file goes either way. */
    async attach(fileId: string): Promise<AttachOutcome> {
      const file = staging.get(fileId, ['paste', 'document']);
      const { name } = file;
      const full = { ok: false, problem: { code: 'held.full', values: { name, max: quota } } } as const;
      if (used() >= quota) {
        await staging.discard(fileId, ['paste', 'document']);
        return full;
      }
      const format = file.format === 'pdf' || file.format === 'docx' ? file.format : 'text';
      // A paste is text the page made, held whole (up to MAX_PASTE_BYTES) as before; a document's text has the document cap.
      const caps = file.purpose === 'paste' ? { ...DOCUMENT_CAPS, characters: MAX_PASTE_BYTES } : DOCUMENT_CAPS;
      const id = randomUUID();
      const answer = await extractText(file.path, textPath(id), name, format, caps).finally(() => staging.discard(fileId, ['paste', 'document']));
      if (!answer.ok) {
        await rm(textPath(id), { force: true });
        if ('problem' in answer) return answer;
        const fault = diskFaultOf(answer.writeFailed) ?? 'io';
        return { ok: false, problem: { code: DISK_FAULT_CODES[fault], values: { name, folder: dir } } };
      }
      if (used() + answer.bytes > quota) {
        await rm(textPath(id), { force: true });
        return full;
      }
      const record: HeldRecord = {
        id,
        kind: file.purpose === 'paste' ? 'paste' : 'document',
        name,
        pages: answer.pages,
        characters: answer.characters,
        lines: answer.lines,
        tokens: answer.tokens,
        size: answer.bytes,
        conversationId: null,
        createdAt: Date.now(),
      };
      try {
        await put(record);
      } catch (error) {
        await drop(id);
        return { ok: false, problem: { code: DISK_FAULT_CODES[diskFaultOf(error) ?? 'io'], values: { name, folder: dir } } };
      }
      items.set(id, record);
      const { conversationId: _, createdAt: __, ...item } = record;
      return { ok: true, item };
    },

    /** Checks that each of `ids` waits in a composer (before anything of a Send is stored). */
    check(ids: readonly string[]) {
      for (const id of ids) waiting(id);
    },

    /** What the message carrying `ids` shows of them (its chips). */
    chips: (ids: readonly string[]): SentItem[] => ids.map((id) => chipOf(waiting(id))),

    /** The Send that carries them (message `messageId`): from now on the items go with every request of `conversationId`, and leave with it. */
    bind(ids: readonly string[], conversationId: string, messageId: string) {
      for (const id of ids) {
        const record = { ...waiting(id), conversationId, messageId };
        items.set(id, record);
        void put(record);
      }
    },

    /**
     * Branch from here: the items of conversation `from` that copied messages carry (`carried`:
     * each item and the copy of its message), copied for conversation `to` under new ids, so
     * deleting either conversation leaves the other's. A file of its own rather than one shared
     * with a count: the quota, the sweep and Save as file already work on files (a copy-on-write
     * clone where the disk makes one). Items `from` does not hold (an imported chip) are not
     * copied. Answers each copy's chip by the original's id. Copies of a `to` never written are
     * swept at the next start, as any conversation's that is gone.
     */
    async copy(from: string, to: string, carried: ReadonlyArray<{ id: string; messageId: string }>): Promise<Map<string, SentItem>> {
      const copies = new Map<string, HeldRecord>();
      let total = used();
      for (const { id, messageId } of carried) {
        const item = items.get(id);
        if (item?.conversationId !== from || copies.has(id)) continue;
        total += item.size;
        if (total > quota) throw new Problem('held.full', { name: item.name, max: quota });
        copies.set(id, { ...item, id: randomUUID(), conversationId: to, messageId });
      }
      // Counted at once, before any await: branches asked for together cannot pass the quota between them.
      for (const copy of copies.values()) items.set(copy.id, copy);
      try {
        for (const [id, copy] of copies) {
          await copyFile(textPath(id), textPath(copy.id), constants.COPYFILE_FICLONE);
          await put(copy);
        }
      } catch (error) {
        for (const copy of copies.values()) await drop(copy.id);
        throw new Problem(DISK_FAULT_CODES[diskFaultOf(error) ?? 'io'], { name: [...copies.values()][0]!.name, folder: dir });
      }
      return new Map([...copies].map(([id, copy]) => [id, chipOf(copy)]));
    },

    /**
     * Sends only the first `cut.tokens` (its first `cut.chars` characters) of a sent item from now
     * on, or a summary of it (null: whole again), the user's choice when it alone was too long; answers its chip.
     */
    async keepFirst(conversationId: string, id: string, cut: { tokens: number; chars: number } | { summary: string; tokens: number } | null) {
      const item = items.get(id);
      if (!item || item.conversationId !== conversationId) throw new Problem('held.not_found');
      const { firstTokens: _, firstChars: __, summary: ___, summaryTokens: ____, ...rest } = item;
      const record: HeldRecord =
        cut === null ? rest : 'summary' in cut ? { ...rest, summary: cut.summary, summaryTokens: cut.tokens } : { ...rest, firstTokens: cut.tokens, firstChars: cut.chars };
      items.set(id, record);
      await put(record);
      return chipOf(record);
    },

    /** The held items' text for this conversation, oldest first: what a request carries before the messages. */
    textFor(conversationId: string): HeldText[] {
      return [...items.values()]
        .filter((item) => item.conversationId === conversationId)
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((item) => ({
          id: item.id,
          name: item.name,
          kind: item.kind,
          text: textOf(item),
          tokens: item.tokens,
          ...(item.firstChars !== undefined && { firstChars: item.firstChars, firstTokens: item.firstTokens }),
          ...(item.summary !== undefined && { summary: item.summary, summaryTokens: item.summaryTokens }),
        }));
    },

    /**
     * An item's text file and the name to save it under (Save as file): one in a composer
     * (`conversationId` null) or one sent with `conversationId`, as Send whole checks.
     */
    saving(id: string, conversationId: string | null) {
      const item = items.get(id);
      if (!item || item.conversationId !== conversationId) throw new Problem('held.not_found');
      return { path: textPath(id), fileName: item.kind === 'paste' ? 'Pasted text.txt' : `${item.name.replace(/\.[^.]*$/, '')}.txt` };
    },

    /** The user removed the chip: only an item still in a composer can be removed so. */
    remove: (id: string) => (items.get(id)?.conversationId === null ? drop(id) : Promise.resolve()),

    /** At start: items of conversations gone for good, and items no Send took for a month. */
    async sweep(live: ReadonlySet<string>) {
      const now = Date.now();
      for (const item of [...items.values()]) {
        const gone = item.conversationId === null ? now - item.createdAt > UNSENT_FOR_MS : !live.has(item.conversationId);
        if (gone) await drop(item.id);
      }
    },
  };
}

export type HeldItems = ReturnType<typeof createHeldItems>;
