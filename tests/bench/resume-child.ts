// The process the resume bench kills: it runs a ten-part job, answering parts 1–5 at once and
// leaving part 6 in flight, and says on stdout which part it sent.
import { benchQueue, heard } from './resume-queue';

const queue = benchQueue(process.argv[2]!, (part) => {
  console.log(`sent ${part}`);
  return part <= 5 ? Promise.resolve(heard(part)) : new Promise(() => undefined);
});
queue.add({ fileId: 'meeting', request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word', 'segment'] } });
