import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';
import { type MainWords, wordsIn } from '../language/language-service';
import type { Consent, ConsentRequest } from './consent';

const FILE = 'consents.json';
const fileSchema = z.object({ version: z.literal(1), programs: z.array(z.string().regex(/^[0-9a-f]{64}$/)) });

type ProgramRequest = Extract<ConsentRequest, { kind: 'startProgram' }>;

/**
 * What the user agreed to run: the command, its arguments and its variables' names. The
 * server's name is left out (renaming it changes nothing that runs); variable order too.
 */
export function programDigest(request: ProgramRequest): string {
  const what = { command: request.command, args: request.args, envNames: [...request.envNames].sort() };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/**
 * The consent gate main uses: a program the user already allowed (unchanged) starts without
 * asking again; any change asks again. Allowing a tool asks every time. Concurrent questions
 * about the same program share one answer, so one start never asks twice.
 */
export async function createConsentGate(deps: { dir: string; consent: Consent; /** The core's language; English where none is given (tests). */ t?: MainWords }) {
  const t = deps.t ?? wordsIn('en');
  const path = join(deps.dir, FILE);
  const write = createAtomicWriter(path);
  const programs = new Set((await readJsonFile(path, fileSchema))?.programs ?? []);
  const asking = new Map<string, Promise<boolean>>();

  async function startProgram(request: ProgramRequest): Promise<boolean> {
    const digest = programDigest(request);
    if (programs.has(digest)) return true;
    const pending = asking.get(digest);
    if (pending) return pending;
    const answer = (async () => {
      const yes = await deps.consent.ask(request, t).catch(() => false);
      if (yes) {
        programs.add(digest);
        await write(JSON.stringify({ version: 1, programs: [...programs] }, null, 2));
      }
      return yes;
    })().finally(() => asking.delete(digest));
    asking.set(digest, answer);
    return answer;
  }

  return {
    where: deps.consent.where,
    /**
     * Forgets a program's yes. Values of variables are secrets the question never shows, so
     * the digest leaves them out; when the page sets one (NODE_OPTIONS could load any code),
     * this makes the next start ask again.
     */
    async forget(request: ProgramRequest): Promise<void> {
      if (programs.delete(programDigest(request))) await write(JSON.stringify({ version: 1, programs: [...programs] }, null, 2));
    },
    /** Whether this exact program was allowed before (nothing is asked). */
    known: (request: ProgramRequest) => programs.has(programDigest(request)),
    startProgram,
    allowTool: (request: Extract<ConsentRequest, { kind: 'allowTool' }>) => deps.consent.ask(request, t).catch(() => false),
  };
}

export type ConsentGate = Awaited<ReturnType<typeof createConsentGate>>;
