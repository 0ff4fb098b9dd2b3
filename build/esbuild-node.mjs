// What the esbuild bundles of main-process code share (build/bundle-electron.mjs for Electron,
// build/bundle-web.mjs for the browser harness): native packages stay external, their .node
// binaries loaded from node_modules (unpacked from the asar by electron-builder), never inlined.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

function containsNodeBinary(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'node_modules' && containsNodeBinary(path.join(dir, entry.name))
      : entry.name.endsWith('.node'),
  );
}

/** napi-rs packages keep their binary in a per-platform optional package, so the manifest is checked too. */
function isNativePackage(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Boolean(manifest.napi || manifest.gypfile) || existsSync(path.join(dir, 'binding.gyp')) || containsNodeBinary(dir);
}

const nativeCache = new Map();
export const externalNative = {
  name: 'external-native-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier, resolveDir }) => {
      if (specifier.startsWith('node:')) return undefined;
      const name = packageName(specifier);
      const dir = findPackageDir(name, resolveDir || root);
      if (!dir) return undefined;
      if (!nativeCache.has(dir)) nativeCache.set(dir, isNativePackage(dir));
      return nativeCache.get(dir) ? { path: specifier, external: true } : undefined;
    });
  },
};

export const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  logLevel: 'info',
  absWorkingDir: root,
};

/**
 * The document-text worker thread (electron/core/services/held/extract.ts), built beside each
 * bundle as an ES module: unpdf's pdf.js awaits at its top level, which CommonJS cannot.
 */
export const heldExtractWorker = (outdir) => ({
  ...common,
  format: 'esm',
  entryPoints: ['electron/core/services/held/extract-worker.ts'],
  outfile: path.join(outdir, 'held-extract-worker.mjs'),
  external: ['*.node'],
  plugins: [externalNative],
  // CommonJS packages inlined into an ES module still call require() for Node's built-ins.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
});

/** The history import's worker thread (electron/core/services/history-import/run.ts), built beside each bundle. */
export const historyImportWorker = (outdir) => ({
  ...heldExtractWorker(outdir),
  entryPoints: ['electron/core/services/history-import/worker.ts'],
  outfile: path.join(outdir, 'history-import-worker.mjs'),
});

/**
 * The splitter's process script (electron/core/services/audio-split), which a bundle finds
 * beside itself (split-process.ts): built into each bundle's folder.
 */
export const splitWorker = (outdir) => ({
  ...common,
  entryPoints: ['electron/core/services/audio-split/worker.ts'],
  outfile: path.join(outdir, 'audio-split-worker.cjs'),
  external: ['*.node'],
  plugins: [externalNative],
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: ['build/import-meta-url.mjs'],
});
