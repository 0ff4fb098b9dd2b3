import { describe, expect, it } from 'vitest';
import config from '../../../build/electron-builder.json' with { type: 'json' };
import { AUDIO_EXTENSIONS } from '../../../shared/contract/transcription';

describe('packaged build: release', () => {
  it('opens every audio format Confab transcribes (Open With, double-click)', () => {
    expect(config.fileAssociations.map((association) => association.ext).sort()).toEqual([...AUDIO_EXTENSIONS].sort());
  });

  it('publishes to GitHub Releases, where electron-updater looks for updates', () => {
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'release' }]);
  });

  it('builds the installers the release workflow uploads', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual([{ target: 'dmg', arch: ['universal'] }]);
    expect(config.win.target).toEqual(['nsis']);
  });
});
