// Standalone fake for manual use with the app:
//   npx tsx tests/fake-service/cli.ts            (a free port)
//   PORT=8787 npx tsx tests/fake-service/cli.ts  (a fixed port, e.g. to keep the app's settings)
// Optional: LATENCY_MS=300 adds latency before every response; QUIET=1 stops the request log.
import { startFakeService } from './server';

const port = Number(process.env.PORT ?? 0);
const latencyMs = Number(process.env.LATENCY_MS ?? 0);
const quiet = process.env.QUIET === '1';

const fake = await startFakeService({
  port: Number.isFinite(port) ? port : 0,
  latencyMs: Number.isFinite(latencyMs) ? latencyMs : 0,
  // A person watches the text arrive, so pace the stream like a real model would.
  defaultIntervalMs: 30,
  onRequest: quiet
    ? undefined
    : (entry) => {
        const plan = entry.plan ? ` [${entry.plan}]` : '';
        console.log(`${new Date(entry.at).toISOString()} ${entry.method} ${entry.path} -> ${entry.status ?? 'closed'}${plan}`);
      },
});

console.log(`Confab fake service
  Base URL: ${fake.baseUrl}
  MCP URL:  ${fake.mcpUrl}
  Keys:
    pro      ${fake.keys.pro}
    free     ${fake.keys.free}
    expired  ${fake.keys.expired}   (401 expired_api_key)
    revoked  ${fake.keys.revoked}   (401 expired_api_key)
Press Ctrl+C to stop.`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
