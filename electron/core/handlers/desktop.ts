import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import { log } from '../log';
import { type DesktopEvents, pageErrorLine } from '../services/events/desktop-events';

export function desktopHandlers(deps: { events: DesktopEvents }): Handlers<Contract>['desktop'] {
  return {
    watch: async (_input, ctx) => deps.events.watch(ctx.emit, ctx.signal),
    reportError: async (error) => log.error(pageErrorLine(error)),
  };
}
