import { BridgeError } from '../../shared/contract/client';
import type { ProblemValues } from '../../shared/domain/problem';

/**
 * A failure of the browser harness's own connection (socket lost, an upload answered oddly, a
 * frame too large), raised as main raises a refusal: a code the page words, English only in the log message.
 */
export const bridgeProblem = (code: string, values: ProblemValues = {}) => new BridgeError(code, code, { code, values });
