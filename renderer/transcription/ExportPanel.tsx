import { useEffect, useId, useState } from 'react';
import type { TranscriptReading } from '../../shared/contract/transcription';
import { FORMAT_NAMES } from '../common/names';
import { DEFAULT_SUBTITLE_RULES as DEFAULT_RULES, type SubtitleRules, subtitleRulesSchema } from '../../shared/domain/transcript';
import { useSaving } from '../common/use-saving';
import { errorText } from '../../shared/domain/error-text';
import { exportTranscript, loadSubtitleRules, saveSubtitleRules } from './store';

type ExportFormat = 'srt' | 'vtt' | 'txt' | 'json';
type RulesInput = Record<keyof SubtitleRules, string>;
type RulesErrors = Partial<Record<keyof SubtitleRules, string>>;
/** Main's rules: being asked for (attempt counts Try again), shown, or not to be had. */
type RulesState = { status: 'loading'; attempt: number } | { status: 'ready' } | { status: 'failed'; attempt: number; problem: string };

const inputOf = (rules: SubtitleRules): RulesInput => Object.fromEntries(Object.entries(rules).map(([key, value]) => [key, String(value)])) as RulesInput;

const RULE_FIELDS: ReadonlyArray<{ key: keyof SubtitleRules; label: string; unit: string }> = [
  { key: 'maxCharsPerLine', label: 'Characters per line, at most', unit: '' },
  { key: 'maxLinesPerCue', label: 'Lines per cue, at most', unit: '' },
  { key: 'maxCueSeconds', label: 'Cue duration, at most', unit: 's' },
  { key: 'minCueSeconds', label: 'Cue duration, at least', unit: 's' },
  { key: 'maxCharsPerSecond', label: 'Characters per second, at most', unit: '' },
];

/** The rules as typed, checked by subtitleRulesSchema; its bounds become short messages. */
function checkRules(input: RulesInput): { rules: SubtitleRules | null; errors: RulesErrors } {
  const numbers = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value.trim() === '' ? Number.NaN : Number(value)]));
  const parsed = subtitleRulesSchema.safeParse(numbers);
  if (parsed.success) return { rules: parsed.data, errors: {} };
  const errors: RulesErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof SubtitleRules;
    if (errors[key]) continue;
    if (issue.code === 'too_small') errors[key] = `At least ${String(issue.minimum)}.`;
    else if (issue.code === 'too_big') errors[key] = `At most ${String(issue.maximum)}.`;
    else if (issue.code === 'invalid_type' && issue.expected === 'int') errors[key] = 'A whole number.';
    else errors[key] = 'Enter a number.';
  }
  return { rules: null, errors };
}

function explanation(record: TranscriptReading): string {
  const { transcript } = record;
  const timed = transcript.words.length > 0 || transcript.segments.length > 0;
  if (record.edits) {
    return timed
      ? 'Every file holds your edited version, with speaker names where you marked them: SRT and VTT cut by the subtitle rules below, TXT as paragraphs, JSON as rows with their words and times.'
      : 'Every file holds your edited version, with speaker names where you marked them. It has no timings, so it cannot become SRT or VTT subtitles.';
  }
  switch (transcript.format) {
    case 'srt':
    case 'vtt':
      return `The service's own ${transcript.format.toUpperCase()} is saved exactly as returned. It carries no word timings, so the other subtitle format cannot be made from it: for both, transcribe again as ${FORMAT_NAMES.verbose_json}.`;
    case 'verbose_json':
      return timed
        ? 'SRT and VTT are made from the timings, following the subtitle rules below; TXT holds the text as paragraphs, JSON the service\'s answer as returned.'
        : 'The service returned no timings, so this transcript cannot become subtitles. TXT and JSON hold its text.';
    default:
      return `This transcript was made as ${FORMAT_NAMES[transcript.format]}: it has no timings, so it cannot become SRT or VTT subtitles; TXT and JSON hold its text. For subtitles, transcribe again as ${FORMAT_NAMES.verbose_json} (or as subtitles).`;
  }
}

/** Saves the transcript through main: a save dialog in Electron, the browser's download here. */
export function ExportPanel({ record }: { record: TranscriptReading }) {
  const [input, setInput] = useState(() => inputOf(DEFAULT_RULES));
  // Until main has said what the rules are, they cannot be edited: its late answer would replace
  // what the user had typed, and an edit made to the defaults would save them over the user's.
  const [rulesState, setRulesState] = useState<RulesState>({ status: 'loading', attempt: 0 });
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
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
      (error: unknown) => current && setRulesState({ status: 'failed', attempt, problem: `Your subtitle rules could not be loaded: ${errorText(error)}` }),
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
      (error: unknown) => setSaveProblem(`Your subtitle rules could not be saved: ${errorText(error)}. Exports follow the rules saved before; change a value to try again.`),
    );
  }

  const save = (format: ExportFormat) => saving(format, () => exportTranscript(record.id, format));

  return (
    <section className="card export" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Export</h2>
      <p className="hint export-hint">{explanation(record)}</p>
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
            Save {format.toUpperCase()}
          </button>
        ))}
        {busy && <span className="hint">Preparing {busy.toUpperCase()}…</span>}
      </div>
      {outcome &&
        (outcome.ok ? (
          <p className="export-outcome" role="status">
            {outcome.text}
          </p>
        ) : (
          <div className="notice error" role="alert">
            <p className="notice-title">Not exported</p>
            <p>{outcome.text}</p>
          </div>
        ))}
      {usesRules && (
        <details className="rules">
          <summary>Subtitle rules{changed ? ' (changed)' : ''}</summary>
          <p className="hint">How the timings are cut into cues for SRT, VTT and TXT. Kept for every transcript, the editor's exports included.</p>
          {rulesState.status === 'loading' && <p className="hint">Loading your subtitle rules…</p>}
          {rulesState.status === 'failed' && (
            <div className="notice error" role="alert">
              <p>{rulesState.problem}</p>
              <button type="button" className="secondary" onClick={() => setRulesState({ status: 'loading', attempt: rulesState.attempt + 1 })}>
                Try again
              </button>
            </div>
          )}
          {saveProblem && (
            <p className="field-error" role="alert">
              {saveProblem}
            </p>
          )}
          <div className="rules-grid" aria-busy={rulesState.status === 'loading'}>
            {RULE_FIELDS.map(({ key, label, unit }) => (
              <div className="field" key={key}>
                <label htmlFor={`${id}-${key}`}>{label}</label>
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
                  {unit && <span className="unit">{unit}</span>}
                </div>
                {errors[key] && (
                  <p className="field-error" role="alert" id={`${id}-${key}-error`}>
                    {errors[key]}
                  </p>
                )}
              </div>
            ))}
          </div>
          {changed && (
            <button type="button" className="link" onClick={() => change(inputOf(DEFAULT_RULES))}>
              Back to the defaults
            </button>
          )}
        </details>
      )}
    </section>
  );
}
