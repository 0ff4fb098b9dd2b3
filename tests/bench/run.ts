import { historyBench } from './history.bench';

// `npm run bench`: every benchmark in turn, each printing its own figures.
const benches: Array<[string, () => Promise<string[]>]> = [['history', historyBench]];

const only = process.argv[2];
for (const [name, bench] of benches) {
  if (only && only !== name) continue;
  for (const line of await bench()) console.log(line);
}
