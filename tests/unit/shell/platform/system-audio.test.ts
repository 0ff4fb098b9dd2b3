import { describe, expect, it } from 'vitest';
import { systemAudioFeatures, systemAudioSupport } from '../../../../electron/shell/platform/system-audio';
import { UI_LANGUAGES } from '../../../../shared/i18n/languages';
import { catalogue, flatten } from '../../../support/catalogue';

const available = { available: true, problem: null };

describe('system audio, per platform', () => {
  it('is available on Windows and Linux (a loopback device, the PulseAudio or PipeWire monitor)', () => {
    expect(systemAudioSupport('win32', '10.0.22631')).toEqual(available);
    expect(systemAudioSupport('linux', '6.8.0-45-generic')).toEqual(available);
  });

  it('is available on macOS from 14.2 (Darwin 23.2), where Core Audio taps exist', () => {
    for (const release of ['23.2.0', '23.6.0', '24.0.0', '25.1.0']) expect(systemAudioSupport('darwin', release)).toEqual(available);
  });

  it('is unavailable on older macOS, saying which version it needs', () => {
    for (const release of ['23.1.0', '23.0.0', '22.6.0', '19.6.0']) {
      expect(systemAudioSupport('darwin', release)).toEqual({ available: false, problem: { code: 'system_audio.needs_newer_macos', values: { needed: '14.2' } } });
    }
  });

  it('is unavailable elsewhere, naming the system', () => {
    expect(systemAudioSupport('freebsd', '14.1-RELEASE')).toEqual({ available: false, problem: { code: 'system_audio.unsupported', values: { platform: 'freebsd' } } });
  });

  it("switches on Linux's PulseAudio loopback, which Chromium leaves off, and nothing elsewhere", () => {
    expect(systemAudioFeatures('linux')).toEqual(['PulseaudioLoopbackForScreenShare']);
    expect(systemAudioFeatures('win32')).toEqual([]);
    expect(systemAudioFeatures('darwin')).toEqual([]);
  });

  it('has words for its problems in every language', () => {
    expect(UI_LANGUAGES).toHaveLength(11);
    for (const language of UI_LANGUAGES) {
      const errors = new Map(flatten(catalogue(language).errors));
      expect(errors.get('system_audio.needs_newer_macos'), language).toContain('{{needed}}');
      expect(errors.get('system_audio.unsupported'), language).toContain('{{platform}}');
    }
  });
});
