import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../../build/electron-builder.json' with { type: 'json' };

// macOS asks the user before an app hears the microphone or the system's audio, and shows the
// app's reason from Info.plist; without the key, capture fails with no prompt at all.
describe('packaged build: audio capture on macOS', () => {
  it('gives Info.plist a reason for the microphone and for system audio (Core Audio taps)', () => {
    const info = config.mac.extendInfo as Record<string, string>;
    expect(info.NSMicrophoneUsageDescription).toMatch(/^Confab records your microphone\b/);
    expect(info.NSAudioCaptureUsageDescription).toMatch(/^Confab records what your computer plays\b/);
  });

  it('lets the hardened runtime open the microphone', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    const entitlements = readFileSync(config.mac.entitlements, 'utf8');
    expect(entitlements).toMatch(/<key>com\.apple\.security\.device\.audio-input<\/key>\s*<true\/>/);
  });
});
