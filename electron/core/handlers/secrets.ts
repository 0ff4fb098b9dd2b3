import type { Handlers } from '../router';
import type { Contract } from '../../../shared/contract';
import type { ProfileKeys } from '../services/keys/profile-keys';

export function secretsHandlers(deps: { keys: ProfileKeys }): Handlers<Contract>['secrets'] {
  return {
    status: () => deps.keys.status(),
    setKey: ({ key, memoryOnly }) => deps.keys.setKey(key, { memoryOnly }),
    deleteKey: () => deps.keys.deleteKey(),
  };
}
