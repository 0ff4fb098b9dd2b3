// The fake service in a process of its own, for benches that time main's own CPU: its streaming
// then costs the bench's process nothing. Prints one JSON line: the base URL and the Pro key.
import { startFakeService } from '../fake-service/server';

const fake = await startFakeService({ defaultIntervalMs: 0, latencyMs: Number(process.argv[2] ?? 0) });
console.log(JSON.stringify({ baseUrl: fake.baseUrl, key: fake.keys.pro }));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
