// Bundles the browser harness (`npm run web`, the e2e tests' app) into dist/web as one ES module,
// so that a start loads one file instead of transforming the core through tsx: cold (each test
// file has its own temp folder, where tsx keeps its cache) that took twice as long.
import path from 'node:path';
import { build } from 'esbuild';
import { common, externalNative, heldExtractWorker, historyImportWorker, root, splitWorker } from './esbuild-node.mjs';

const outdir = path.join(root, 'dist/web');

await Promise.all([
  build({
    ...common,
    // An ES module: the entry awaits at its top level, and the harness finds dist/renderer by import.meta.url.
    format: 'esm',
    entryPoints: ['electron/web/start.ts'],
    outfile: path.join(outdir, 'start.mjs'),
    external: ['*.node'],
    plugins: [externalNative],
    // CommonJS packages inlined into an ES module still call require() for Node's built-ins.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  }),
  // The splitter's process script, which the harness starts from beside start.mjs.
  build(splitWorker(outdir)),
  build(heldExtractWorker(outdir)),
  build(historyImportWorker(outdir)),
]);
