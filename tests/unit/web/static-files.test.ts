import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A file that the size check found and that is gone when it is read (an update replacing the
// bundle, a disk failing) must end that one response, not the harness: a read stream's error
// that nothing hears ends the process.
vi.mock('node:fs/promises', async (original) => ({
  ...(await original<typeof import('node:fs/promises')>()),
  stat: async () => ({ isFile: () => true, size: 10 }),
}));

const { serveStatic } = await import('../../../electron/web/static-files');

describe('serveStatic', () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  it('ends the response, not the process, when the file is gone by the time it is read', async () => {
    const unheard = vi.fn();
    process.on('uncaughtException', unheard);
    const server = createServer((request, response) => void serveStatic(join(process.cwd(), 'no-such-bundle'), request.url!, response, {}));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    close = () => {
      process.off('uncaughtException', unheard);
      server.close();
    };
    const { port } = server.address() as AddressInfo;
    await expect(fetch(`http://127.0.0.1:${port}/index.html`).then((response) => response.text())).rejects.toThrow();
    // The server goes on answering.
    await expect(fetch(`http://127.0.0.1:${port}/index.html`).then((response) => response.text())).rejects.toThrow();
    expect(unheard).not.toHaveBeenCalled();
  });
});
