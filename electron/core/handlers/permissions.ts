import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ToolPermissions } from '../services/tools/permission-rules';

export function permissionsHandlers(deps: { permissions: ToolPermissions }): Handlers<Contract>['permissions'] {
  const { permissions } = deps;
  return {
    list: async () => permissions.list(),
    set: (rule) => permissions.set(rule),
    revoke: (target) => permissions.revoke(target),
  };
}
