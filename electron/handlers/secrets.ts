import type { Handlers } from '../ipc/router';
import type { Contract } from '../../shared/contract';
import type { KeyStore } from '../services/keychain';

export function secretsHandlers(deps: { keys: KeyStore }): Handlers<Contract>['secrets'] {
  return {
    status: () => deps.keys.status(),
    setKey: ({ key, memoryOnly }) => deps.keys.set(key, { memoryOnly }),
    deleteKey: () => deps.keys.remove(),
  };
}
