import { useEffect, useId, useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TranscriptReading } from '../../shared/contract/transcription';
import { DEFAULT_SUBTITLE_RULES as DEFAULT_RULES, type SubtitleRules, subtitleRulesSchema } from '../../shared/domain/transcript';
import { useSaving } from '../common/use-saving';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import { FORMAT_KEYS } from './request';
import { exportTranscript, loadSubtitleRules, saveSubtitleRules } from './store';

type ExportFormat = 'srt' | 'vtt' | 'txt' | 'json';
type RulesInput = Record<keyof SubtitleRules, string>;
/** What is wrong with a rule as typed: a bound it crosses, or not a (whole) number. */
type RuleError = { kind: 'atLeast' | 'atMost'; value: number } | { kind: 'whole' | 'number' };
type RulesErrors = Partial<Record<keyof SubtitleRules, RuleError>>;
/** Main's rules: being asked for (attempt counts Try again), shown, or not to be had. */
type RulesState = { status: 'loading'; attempt: number } | { status: 'ready' } | { status: 'failed'; attempt: number; error: unknown };

const inputOf = (rules: SubtitleRules): RulesInput => Object.fromEntries(Object.entries(rules).map(([key, value]) => [key, String(value)])) as RulesInput;

const RULE_FIELDS = [
  { key: 'maxCharsPerLine', label: 'export.maxCharsPerLine', seconds: false },
  { key: 'maxLinesPerCue', label: 'export.maxLinesPerCue', seconds: false },
  { key: 'maxCueSeconds', label: 'export.maxCueSeconds', seconds: true },
  { key: 'minCueSeconds', label: 'export.minCueSeconds', seconds: true },
  { key: 'maxCharsPerSecond', label: 'export.maxCharsPerSecond', seconds: false },
] as const satisfies ReadonlyArray<{ key: keyof SubtitleRules; label: string; seconds: boolean }>;

/** The rules as typed, checked by subtitleRulesSchema; its bounds become short messages. */
function checkRules(input: RulesInput): { rules: SubtitleRules | null; errors: RulesErrors } {
  const numbers = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value.trim() === '' ? Number.NaN : Number(value)]));
  const parsed = subtitleRulesSchema.safeParse(numbers);
  if (parsed.success) return { rules: parsed.data, errors: {} };
  const errors: RulesErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof SubtitleRules;
    if (errors[key]) continue;
    if (issue.code === 'too_small') errors[key] = { kind: 'atLeast', value: Number(issue.minimum) };
    else if (issue.code === 'too_big') errors[key] = { kind: 'atMost', value: Number(issue.maximum) };
    else if (issue.code === 'invalid_type' && issue.expected === 'int') errors[key] = { kind: 'whole' };
    else errors[key] = { kind: 'number' };
  }
  return { rules: null, errors };
}

function explanation(record: TranscriptReading, t: TFunction<'transcription'>): string {
  const verbose = t(FORMAT_KEYS.verbose_json);
  const { transcript } = record;
  const timed = transcript.words.length > 0 || transcript.segments.length > 0;
  if (record.edits) {
    return timed ? t('export.editedTimed') : t('export.editedUntimed');
  }
  switch (transcript.format) {
    case 'srt':
    case 'vtt':
      return t('export.serviceSubtitles', { format: transcript.format.toUpperCase(), verbose });
    case 'verbose_json':
      return timed ? t('export.timed') : t('export.untimed');
    default:
      return t('export.plain', { format: t(FORMAT_KEYS[transcript.format]), verbose });
  }
}

/** Saves the transcript through main: a save dialog in Electron, the browser's download here. */
export function ExportPanel({ record }: { record: TranscriptReading }) {
  const { t } = useTranslation('transcription');
  const { number } = useFormats();
  const [input, setInput] = useState(() => inputOf(DEFAULT_RULES));
  // Until main has said what the rules are, they cannot be edited: its late answer would replace
  // what the user had typed, and an edit made to the defaults would save them over the user's.
  const [rulesState, setRulesState] = useState<RulesState>({ status: 'loading', attempt: 0 });
  const [saveProblem, setSaveProblem] = useState<{ error: unknown } | null>(null);
  const { busy, outcome, save: saving } = useSaving<ExportFormat>();
  const id = useId();
  const { rules, errors } = checkRules(input);
  const { transcript } = record;
  const usesRules = transcript.format === 'verbose_json' && (transcript.words.length > 0 || transcript.segments.length > 0);
  const changed = Object.entries(DEFAULT_RULES).some(([key, value]) => input[key as keyof SubtitleRules] !== String(value));

  // The rules are the user's, kept by main for every subtitle export (the editor's too).
  const attempt = rulesState.status === 'loading' ? rulesState.attempt : -1;
  useEffect(() => {
    if (attempt < 0) return;
    let current = true;
    loadSubtitleRules().then(
      (saved) => {
        if (!current) return;
        setInput(inputOf(saved));
        setRulesState({ status: 'ready' });
      },
      (error: unknown) => current && setRulesState({ status: 'failed', attempt, error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  function change(next: RulesInput) {
    setInput(next);
    const checked = checkRules(next).rules;
    if (!checked) return;
    saveSubtitleRules(checked).then(
      () => setSaveProblem(null),
      (error: unknown) => setSaveProblem({ error }),
    );
  }

  const ruleError = (error: RuleError) => {
    switch (error.kind) {
      case 'atLeast':
        return t('export.atLeast', { value: number(error.value) });
      case 'atMost':
        return t('export.atMost', { value: number(error.value) });
      case 'whole':
        return t('export.whole');
      case 'number':
        return t('export.number');
    }
  };

  const save = (format: ExportFormat) => saving(format, () => exportTranscript(record.id, format));

  return (
    <section className="card export" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('export.heading')}</h2>
      <p className="hint export-hint">{explanation(record, t)}</p>
      <div className="actions">
        {(['srt', 'vtt', 'txt', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="secondary"
            // Invalid rules would change what SRT, VTT and TXT hold; JSON does not use them.
            disabled={busy !== null || (usesRules && !rules && format !== 'json')}
            onClick={() => void save(format)}
          >
            {t('export.save', { format: format.toUpperCase() })}
          </button>
        ))}
        {busy && <span className="hint">{t('export.preparing', { format: busy.toUpperCase() })}</span>}
      </div>
      {outcome &&
        (outcome.ok ? (
          <p className="export-outcome" role="status">
            {outcome.text}
          </p>
        ) : (
          <div className="notice error" role="alert">
            <p className="notice-title">{t('export.failed')}</p>
            <p>{outcome.text}</p>
          </div>
        ))}
      {usesRules && (
        <details className="rules">
          <summary>{changed ? t('export.rulesChanged') : t('export.rules')}</summary>
          <p className="hint">{t('export.rulesHint')}</p>
          {rulesState.status === 'loading' && <p className="hint">{t('export.rulesLoading')}</p>}
          {rulesState.status === 'failed' && (
            <div className="notice error" role="alert">
              <p>{t('export.rulesNotLoaded', { problem: problemText(rulesState.error) })}</p>
              <button type="button" className="secondary" onClick={() => setRulesState({ status: 'loading', attempt: rulesState.attempt + 1 })}>
                {t('export.tryAgain')}
              </button>
            </div>
          )}
          {saveProblem && (
            <p className="field-error" role="alert">
              {t('export.rulesNotSaved', { problem: problemText(saveProblem.error) })}
            </p>
          )}
          <div className="rules-grid" aria-busy={rulesState.status === 'loading'}>
            {RULE_FIELDS.map(({ key, label, seconds }) => (
              <div className="field" key={key}>
                <label htmlFor={`${id}-${key}`}>{t(label)}</label>
                <div className="with-unit">
                  <input
                    id={`${id}-${key}`}
                    type="text"
                    inputMode="decimal"
                    disabled={rulesState.status !== 'ready'}
                    value={input[key]}
                    aria-invalid={errors[key] !== undefined}
                    aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
                    onChange={(event) => change({ ...input, [key]: event.target.value })}
                  />
                  {seconds && <span className="unit">{t('export.seconds')}</span>}
                </div>
                {errors[key] && (
                  <p className="field-error" role="alert" id={`${id}-${key}-error`}>
                    {ruleError(errors[key])}
                  </p>
                )}
              </div>
            ))}
          </div>
          {changed && (
            <button type="button" className="link" onClick={() => change(inputOf(DEFAULT_RULES))}>
              {t('export.defaults')}
            </button>
          )}
        </details>
      )}
    </section>
  );
}
