// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../../../../shared/domain/sizes';
import { startI18n } from '../../../../renderer/i18n';
import { useSizes } from '../../../../renderer/transcription/format';

// Units agree (issue 41): a file of no bytes read "0 byte" (Intl's short unit) beside "12 kB".

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await startI18n(Promise.resolve('en'));
});

function Sizes({ of }: { of: number[] }) {
  const sizes = useSizes();
  return <p>{of.map(sizes.of).join(' | ')}</p>;
}

describe("a file's size", () => {
  it('is said in words below a kilobyte, in the units above it', async () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<Sizes of={[0, 1, 512, 12 * 1024, 3 * MB]} />));
    expect(host.textContent).toBe('0 bytes | 1 byte | 512 bytes | 12 kB | 3.0 MB');
    act(() => root.unmount());
  });
});
