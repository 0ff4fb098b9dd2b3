import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { audioPathsIn, createOpenedFiles, type OpenTarget } from '../../../../electron/shell/desktop/opened-files';
import { testFolder } from '../../../support/temp-folder';

const target = (): OpenTarget & { delivered: unknown[][] } => {
  const delivered: unknown[][] = [];
  return {
    delivered,
    stage: vi.fn(async (_path: string, name: string, purpose: string) => ({ ok: true as const, file: { fileId: name, name, size: 1, format: 'mp3' as const, mimeType: 'audio/mpeg', purpose } as never })),
    deliver: (files) => void delivered.push(files),
    focus: vi.fn(),
  };
};

describe('files opened with Confab', () => {
  it('takes the recordings from a launch\'s arguments, not flags, the app or other files', () => {
    const argv = ['/opt/Confab/confab', '.', '--no-sandbox', 'talk.MP3', '/media/interview.m4a', 'notes.txt', '--flag=x.wav'];
    expect(audioPathsIn(argv, '/home/me')).toEqual(['/home/me/talk.MP3', '/media/interview.m4a']);
  });

  it('holds files opened before the app is ready, then stages them together', async () => {
    const dir = await testFolder('confab-opened-');
    const one = path.join(dir, 'one.mp3');
    const two = path.join(dir, 'two.wav');
    writeFileSync(one, 'a');
    writeFileSync(two, 'b');
    const opened = createOpenedFiles();
    await opened.open([one]);
    await opened.open([two]);
    const to = target();
    await opened.attach(to);
    expect(to.stage).toHaveBeenCalledTimes(2);
    expect(to.stage).toHaveBeenCalledWith(one, 'one.mp3', 'original');
    expect(to.delivered).toHaveLength(1);
    expect(to.delivered[0]).toHaveLength(2);
    expect(to.focus).toHaveBeenCalledOnce();
  });

  it('hands a second launch\'s files to the running window, focused, and says which could not be opened', async () => {
    const dir = await testFolder('confab-opened-');
    const here = path.join(dir, 'here.webm');
    writeFileSync(here, 'a');
    const opened = createOpenedFiles();
    const to = target();
    await opened.attach(to);
    expect(to.delivered).toEqual([]);
    await opened.open(audioPathsIn(['confab', here, path.join(dir, 'gone.mp3')], dir));
    expect(to.focus).toHaveBeenCalledOnce();
    expect(to.delivered[0]).toEqual([expect.objectContaining({ ok: true }), { ok: false, problem: { code: 'intake.not_opened_gone', values: { name: 'gone.mp3' } } }]);
  });
});
