// Bundles the main process and the preload into dist/electron as CommonJS
// (native packages external: build/esbuild-node.mjs).
import path from 'node:path';
import { build } from 'esbuild';
import { common, externalNative, heldExtractWorker, historyImportWorker, root, splitWorker } from './esbuild-node.mjs';

const outdir = path.join(root, 'dist/electron');

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/shell/main.ts'],
    outfile: path.join(outdir, 'main.cjs'),
    external: ['electron', '@napi-rs/keyring', '*.node'],
    plugins: [externalNative],
    define: { 'import.meta.url': 'importMetaUrl' },
    inject: ['build/import-meta-url.mjs'],
  }),
  // The splitter's process script, loaded by main from beside main.cjs.
  build(splitWorker(outdir)),
  build(heldExtractWorker(outdir)),
  build(historyImportWorker(outdir)),
  // The sandboxed preload can require nothing but 'electron', so nothing else is external.
  build({
    ...common,
    entryPoints: ['electron/shell/preload.ts'],
    outfile: path.join(outdir, 'preload.cjs'),
    external: ['electron'],
  }),
]);
