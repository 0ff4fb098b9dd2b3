import type { TFunction } from 'i18next';
import { FREE_MODEL } from '../../shared/domain/chat';
import { modelName } from '../common/names';
import type { OptionProblem } from './options';

/** The schema's objection by field; tools and the tool choice can only be a badly named tool. */
const SCHEMA = {
  model: 'options.problem.noModel',
  temperature: 'options.problem.temperature',
  maxTokens: 'options.problem.maxTokens',
  tools: 'options.problem.tool',
  toolChoice: 'options.problem.tool',
  stream: 'options.problem.tool',
  jsonMode: 'options.problem.tool',
  context: 'options.problem.context',
} as const;

/** What a field's problem says, in the language `t` speaks (the chat namespace's). */
export function optionProblemText(t: TFunction<'chat'>, problem: OptionProblem | undefined): string | undefined {
  if (!problem) return undefined;
  switch (problem.field) {
    case 'schema':
      // A number out of range is told apart from one that is not a number at all.
      return problem.key === 'temperature' && problem.outOfRange ? t('options.problem.temperatureRange') : t(SCHEMA[problem.key]);
    case 'model':
      return t('options.problem.proModel', { model: modelName(problem.model), free: modelName(FREE_MODEL) });
    case 'jsonMode':
      return t('options.problem.proJson');
    case 'tools':
      return t('options.problem.proTools');
  }
}
