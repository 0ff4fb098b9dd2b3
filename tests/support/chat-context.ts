import { join } from 'node:path';
import type { ChatContext } from '../../electron/core/services/conversations/fitted-reply';
import { openTokenEstimates } from '../../electron/core/services/conversations/token-estimate';
import { SEND_EVERYTHING } from '../../shared/domain/context-budget';
import { openFits } from '../../electron/core/services/model-requests/fits';

/** A conversation service's context planning as core wires it, its learnt ratios kept in `dir`. */
export const chatContextAt = (dir: string): ChatContext => ({
  tokens: openTokenEstimates(join(dir, 'token-ratios.json')),
  key: (model) => `test ${model}`,
  fits: openFits(join(dir, 'model-fits.json')),
  budget: () => SEND_EVERYTHING,
});
