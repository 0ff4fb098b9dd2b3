import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The runtime zones of eslint.config.js, run on sources that exist only here: a service (in
// main's core) or a browser-harness module that reaches for Electron or for the Electron shell.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  return result!.messages.map((message) => ({ rule: message.ruleId, line: message.line }));
}

describe('the lint configuration', { timeout: 30_000 }, () => {
  it("refuses Electron in main's core", async () => {
    const code = "import 'electron';\nimport { net } from 'electron/main';\nimport log from 'electron-log/main';\nexport { net, log };\n";
    expect(await problems(code, 'electron/core/services/history/uses-electron.ts')).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'no-restricted-imports', line: 2 },
      { rule: 'no-restricted-imports', line: 3 },
    ]);
  });

  it("refuses the shell's and the harness's modules in main's core", async () => {
    const code = "import { createWindow } from '../../../shell/window';\nimport { startHarness } from '../../../web/harness';\nexport { createWindow, startHarness };\n";
    expect(await problems(code, 'electron/core/services/history/uses-shell.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 1 },
      { rule: 'import-x/no-restricted-paths', line: 2 },
    ]);
  });

  it('refuses Electron and the shell in the browser harness', async () => {
    const code = "import { app } from 'electron';\nimport { createWindow } from '../shell/window';\nexport { app, createWindow };\n";
    expect(await problems(code, 'electron/web/uses-shell.ts')).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'import-x/no-restricted-paths', line: 2 },
    ]);
  });

  it('keeps navigation a library: features reach it through its index.ts, and it imports no feature', async () => {
    const feature = "import { useNavigation } from '../navigation/navigation';\nimport { openSettings } from '../navigation';\nexport { useNavigation, openSettings };\n";
    expect(await problems(feature, 'renderer/transcription/uses-navigation.ts')).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
    const library = "import { useChat } from '../chat';\nexport { useChat };\n";
    expect(await problems(library, 'renderer/navigation/uses-chat.ts')).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
  });

  it("keeps components off the api client: they reach main through their feature's store", async () => {
    const code = "import { api } from '../api';\nimport { useEditor } from './store';\nexport const Box = () => [api, useEditor];\n";
    expect(await problems(code, 'renderer/transcript-editor/Box.tsx')).toEqual([{ rule: 'no-restricted-imports', line: 1 }]);
    expect(await problems("import 'electron';\n", 'renderer/transcript-editor/Box.tsx')).toEqual([{ rule: 'no-restricted-imports', line: 1 }]);
    expect(await problems(code, 'renderer/transcript-editor/store-actions.ts')).toEqual([]);
  });

  it('lets the shell use Electron and the core', async () => {
    const code = "import { app } from 'electron';\nimport { createCore } from '../core/core';\nexport { app, createCore };\n";
    expect(await problems(code, 'electron/shell/uses-core.ts')).toEqual([]);
  });
});
