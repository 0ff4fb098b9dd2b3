import { BridgeError } from '../../shared/contract/client';
import { errorText } from '../../shared/domain/error-text';
import type { ProblemData } from '../../shared/domain/problem';
import { i18n } from '../i18n';

/**
 * What went wrong, in the user's language: a problem main worded as a code and values is said
 * from the `errors` namespace; anything else (a fault nobody foresaw) is said as unexpected,
 * with its own text so it can be reported. Call it while rendering a component that uses
 * useTranslation, so a language change re-words it.
 */
export function problemText(error: unknown): string {
  const problem = error instanceof BridgeError ? error.problem : null;
  if (problem) return problemWords(problem);
  return i18n.t('errors:unexpected', { detail: errorText(error) });
}

/** Where main asked for consent (`where`), which main sends as a place, not words. */
const PLACES = { dialog: 'errors:consent_place.dialog', terminal: 'errors:consent_place.terminal' } as const;

/** A problem main placed in a result or a state (a refused file, a failed job), in the user's language. */
export function problemWords(problem: ProblemData): string {
  const { where } = problem.values;
  const place = where === 'dialog' || where === 'terminal' ? { where: i18n.t(PLACES[where]) } : {};
  // The key is main's code; tests/unit/shared/i18n/problems.test.ts checks every code has words.
  return i18n.t(`errors:${problem.code}` as 'errors:unexpected', { detail: '', ...problem.values, ...place });
}
