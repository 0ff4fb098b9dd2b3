import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { memoryKeytar } from '../../support/memory-keytar';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// The microphone opens at the user's press, never at the page's say-so: main starts a recording
// or a dictation take only right after a real press (Electron's input events), and only then
// does the media permission let the page open the microphone.
useFake();

async function openCore(pressed: { at: number }) {
  const core = await createCore({
    userDataDir: await testFolder('confab-press-'),
    initialBaseUrl: fake.baseUrl,
    keytar: memoryKeytar(),
    presence: { pressedSince: (since) => pressed.at > since },
  });
  onTestFinished(() => core.close());
  const invoke = async (channel: string, payload?: unknown) => {
    const result = await core.router.invoke(channel, payload, { send: () => {} });
    if (!result.ok) throw Object.assign(new Error(result.error.message), { problem: result.error.problem });
    return result.value;
  };
  await invoke('settings:update', { plan: 'pro' });
  return { core, invoke };
}

describe('opening the microphone needs a real press', () => {
  it('refuses a recording or a dictation take the page starts on its own, and keeps the microphone shut', async () => {
    const pressed = { at: Number.NEGATIVE_INFINITY };
    const { core, invoke } = await openCore(pressed);
    await expect(invoke('recording:start', { system: false })).rejects.toMatchObject({ problem: { code: 'capture.no_press' } });
    await expect(invoke('dictation:listen')).rejects.toMatchObject({ problem: { code: 'capture.no_press' } });
    expect(core.recording.running()).toBe(false);
    expect(core.recording.microphone()).toBe(false);
  });

  it('lets the microphone open for a dictation take after a press, until its clip is handed over', async () => {
    const pressed = { at: Date.now() };
    const { core, invoke } = await openCore(pressed);
    await invoke('dictation:listen');
    expect(core.recording.microphone()).toBe(true);
    expect(core.recording.running()).toBe(false);
    await invoke('dictation:discard', { fileId: 'none' }).catch(() => undefined);
    expect(core.recording.microphone()).toBe(false);
  });

  it('lets the microphone open while a recording started by a press runs', async () => {
    const pressed = { at: Date.now() };
    const { core, invoke } = await openCore(pressed);
    const recording = (await invoke('recording:start', { system: false })) as { id: string };
    expect(core.recording.microphone()).toBe(true);
    // The microphone alone was asked for: system audio stays shut.
    expect(core.recording.systemAudio()).toBe(false);
    await invoke('recording:stop', { id: recording.id });
    expect(core.recording.microphone()).toBe(false);
  });
});
