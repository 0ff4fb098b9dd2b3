import { join } from 'node:path';
import type { ChatContext } from '../../electron/core/services/conversations/fitted-reply';
import { openTokenEstimates } from '../../electron/core/services/conversations/token-estimate';

/** A conversation service's context planning as core wires it, its learnt ratios kept in `dir`. */
export const chatContextAt = (dir: string): ChatContext => ({ tokens: openTokenEstimates(join(dir, 'token-ratios.json')), key: (model) => `test ${model}` });
