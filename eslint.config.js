// The boundaries the README's architecture rules draw, enforced: which runtime may import
// which, feature folders used only through their index.ts, no import cycles, no module over
// 300 lines of code. typescript-eslint parses; eslint-plugin-import-x resolves and checks
// imports (with eslint-import-resolver-typescript, so `./store` finds store.ts).
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Renderer feature folders. Each is used by the others only through its index.ts, which
 * re-exports what it offers. `common` (small shared components and helpers), `api` (the
 * bridge to main) and `navigation` (which screen is shown) are the renderer's libraries: they
 * import no feature; features import common's and api's modules directly, navigation's through
 * its index.ts.
 */
const FEATURES = ['app', 'chat', 'history', 'mcp', 'permissions', 'recording', 'settings', 'transcript-editor', 'transcription', 'translation'];
const LIBRARIES = ['common', 'api', 'navigation'];

const featureZones = FEATURES.map((feature) => ({
  target: ['./renderer/*.{ts,tsx}', ...[...FEATURES, ...LIBRARIES].filter((f) => f !== feature).map((f) => `./renderer/${f}/**`)],
  from: `./renderer/${feature}`,
  except: ['./index.ts'],
  message: `Use renderer/${feature} through its index.ts (export what others need from there).`,
}));

const navigationZone = {
  target: ['./renderer/*.{ts,tsx}', ...[...FEATURES, ...LIBRARIES].filter((f) => f !== 'navigation').map((f) => `./renderer/${f}/**`)],
  from: './renderer/navigation',
  except: ['./index.ts'],
  message: 'Use renderer/navigation through its index.ts.',
};

const libraryZones = LIBRARIES.map((library) => ({
  target: `./renderer/${library}/**`,
  from: FEATURES.map((f) => `./renderer/${f}`),
  message: `renderer/${library} is shared by every feature, so it imports none.`,
}));

const runtimeZones = [
  { target: './renderer', from: ['./electron', './tests', './build'], message: 'The renderer imports only renderer/ and shared/.' },
  { target: './electron', from: ['./renderer', './tests', './build'], message: 'Main imports only electron/ and shared/.' },
  { target: './shared', from: ['./renderer', './electron', './tests', './build'], message: 'shared/ runs on both sides: it imports neither renderer/ nor electron/.' },
  // Main's two shells around one core: the core runs in plain Node (tests, the browser
  // harness), so it knows neither shell; the harness does not lean on the Electron app.
  { target: './electron/core', from: ['./electron/shell', './electron/web'], message: 'electron/core/ runs in plain Node: it imports neither electron/shell/ nor electron/web/.' },
  { target: './electron/web', from: ['./electron/shell'], message: 'electron/web/ (the browser harness) imports electron/core/, never electron/shell/.' },
];

/** Electron itself and the libraries that only run inside it. */
const electronOnly = {
  patterns: [{ regex: '^electron(-[a-z-]+)?(/.*)?$', message: 'Only electron/shell/ may import Electron or its libraries (electron-log, electron-updater, ...).' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'test-output/**', 'node_modules/**'] },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // The files import-x reads to follow imports (by default only .js) and how it parses them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['./tsconfig.renderer.json', './tsconfig.electron.json', './tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...runtimeZones, ...featureZones, navigationZone, ...libraryZones] }],
    },
  },
  {
    files: ['electron/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Code that runs in the page (or in both places) has no Node built-ins and no Electron.
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': ['error', electronOnly],
    },
  },
  {
    // Components reach main only through their feature's store, where what main says is kept and worded.
    // After the block above: the later no-restricted-imports is the one that applies.
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...electronOnly, patterns: [...electronOnly.patterns, { regex: '(^|/)api(/.*)?$', message: "Components reach main through their feature's store: add an action there." }] },
      ],
    },
  },
  {
    // Main's core and the browser harness run in plain Node: no Electron.
    files: ['electron/core/**/*.{ts,tsx}', 'electron/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', electronOnly],
    },
  },
);
