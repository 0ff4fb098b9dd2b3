import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContextBudget, contextBudgetSchema } from '../../shared/domain/context-budget';
import { ContextBudgetField } from '../common/ContextBudgetField';
import { useSettings } from './store';

/**
 * Chat's default context budget: what a conversation's request carries when it sets none. Main
 * keeps it (settings); a number it would refuse stays here as typed, with its reason beside it.
 */
export function DefaultBudgetField() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('chat');
  const saved = useSettings((state) => state.settings?.contextBudget);
  const update = useSettings((state) => state.update);
  const [typed, setTyped] = useState<ContextBudget | null>(null);
  const shown = typed ?? saved;
  const valid = !typed || contextBudgetSchema.safeParse(typed).success;
  const change = (budget: ContextBudget | undefined) => {
    const next = budget ?? { kind: 'all' };
    if (!contextBudgetSchema.safeParse(next).success) return setTyped(next);
    setTyped(null);
    void update({ contextBudget: next });
  };
  return (
    <div className="field default-budget">
      <ContextBudgetField label={t('preferences.contextBudget')} budget={shown} error={valid ? undefined : tc('options.problem.context')} onChange={change} />
      <p className="hint">{t('preferences.contextBudgetHint')}</p>
    </div>
  );
}
