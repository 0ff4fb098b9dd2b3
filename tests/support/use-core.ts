// One fake service per test file and a fresh core on the Free plan's key for each test, for the
// files that drive main's core through its router.
import { afterEach, beforeEach } from 'vitest';
import { type Driver, startCore } from './tool-driver';
import { fake, useFake } from './use-fake';

export { fake };

/** The core of the running test (a live binding: set before each test). */
export let app: Driver;

export function useCore(): void {
  useFake();
  beforeEach(async () => {
    app = await startCore(fake, { key: fake.keys.free });
  });
  afterEach(() => app.dispose());
}
