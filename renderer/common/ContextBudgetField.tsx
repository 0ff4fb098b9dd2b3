import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextBudget } from '../../shared/domain/context-budget';
import { TextField } from './TextField';

const DEFAULTS = { all: { kind: 'all' }, last: { kind: 'last', messages: 40 }, tokens: { kind: 'tokens', tokens: 32_000 } } as const;

interface Props {
  /** undefined: the default set in Settings (a conversation's field) or everything (Settings' own). */
  budget: ContextBudget | undefined;
  error: string | undefined;
  /** A conversation's field: it may follow the default set in Settings (budget undefined). */
  inherits?: boolean;
  label?: string;
  onChange(budget: ContextBudget | undefined): void;
}

/** How much of the history each request carries; main plans the request from it (context-plan.ts). */
export function ContextBudgetField({ budget, error, inherits = false, label, onChange }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  // A number as typed: a value the schema refuses (empty, not a number) shows its message beside the field.
  const typed = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const kind = budget?.kind ?? (inherits ? 'settings' : 'all');
  return (
    <div className="options-row context-budget">
      <div className="field">
        <label htmlFor={id}>{label ?? t('context.budget')}</label>
        <select
          id={id}
          value={kind}
          onChange={(event) => onChange(event.target.value === 'settings' ? undefined : DEFAULTS[event.target.value as ContextBudget['kind']])}
        >
          {inherits && <option value="settings">{t('context.asSettings')}</option>}
          <option value="all">{t('context.all')}</option>
          <option value="last">{t('context.last')}</option>
          <option value="tokens">{t('context.tokens')}</option>
        </select>
      </div>
      {budget?.kind === 'last' && (
        <TextField
          label={t('context.messages')}
          hint={t('context.pinnedAlways')}
          inputMode="numeric"
          value={Number.isNaN(budget.messages) ? '' : String(budget.messages)}
          error={error}
          onChange={(value) => onChange({ kind: 'last', messages: typed(value) })}
        />
      )}
      {budget?.kind === 'tokens' && (
        <TextField
          label={t('context.tokenCount')}
          hint={t('context.pinnedAlways')}
          inputMode="numeric"
          value={Number.isNaN(budget.tokens) ? '' : String(budget.tokens)}
          error={error}
          onChange={(value) => onChange({ kind: 'tokens', tokens: typed(value) })}
        />
      )}
    </div>
  );
}
