import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type Consent, describeConsent } from '../core/services/consent/consent';
import type { MainWords } from '../core/services/language/language-service';

/**
 * The browser harness's consent: asked in the terminal that started `npm run web`, which the
 * page cannot reach (anything shown in the page, the page could also click). Questions are
 * asked one at a time; only "y" or "yes" is a yes, and the end of input is a no.
 *
 * `canAsk` is false when stdin is no terminal (started by a service manager, say): nobody
 * could answer, so every request is refused with a message saying how to be asked. Tests
 * pipe their answers in (CONFAB_CONSENT_STDIN=1).
 */
export function terminalConsent(io: { input: Readable; output: Writable; canAsk: boolean }): Consent {
  const print = (text: string) => io.output.write(`${text}\n`);
  const lines: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let ended = false;
  let reader: ReturnType<typeof createInterface> | null = null;

  // Opened at the first question only, so a harness nobody asks anything leaves stdin alone.
  const nextLine = () =>
    new Promise<string | null>((resolve) => {
      if (!reader) {
        reader = createInterface({ input: io.input, terminal: false });
        reader.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : lines.push(line)));
        reader.on('close', () => {
          ended = true;
          waiting.splice(0).forEach((wake) => wake(null));
        });
      }
      if (lines.length > 0) resolve(lines.shift()!);
      else if (ended) resolve(null);
      else waiting.push(resolve);
    });

  let queue: Promise<unknown> = Promise.resolve();

  async function question(text: string, t: MainWords): Promise<boolean> {
    print(text);
    for (;;) {
      io.output.write(t('consent.terminal.prompt'));
      const line = await nextLine();
      if (line === null) {
        print(`\n${t('consent.terminal.noAnswer')}`);
        return false;
      }
      const answer = line.trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') return true;
      if (answer === 'n' || answer === 'no') return false;
    }
  }

  return {
    where: 'terminal',
    ask(request, t) {
      const { title, message, detail } = describeConsent(request, t);
      // The frame is the same in every language, so a reader (or a test) finds each question.
      const text = `\n=== ${t('consent.terminal.asks', { title })} ===\n${message}\n${detail}`;
      if (!io.canAsk) {
        print(`${text}\n${t('consent.terminal.cannotAsk')}`);
        return Promise.resolve(false);
      }
      const answer = queue.then(() => question(text, t));
      queue = answer.catch(() => undefined);
      return answer;
    },
  };
}
