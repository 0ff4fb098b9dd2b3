import { useId } from 'react';
import { TextField } from '../common/TextField';
import { FORMAT_NAMES, modelName } from '../common/names';
import { LanguagePicker } from './LanguagePicker';
import { FORMATS, TRANSCRIPTION_MODELS, type Granularity, type RequestErrors, type RequestInput } from './request';
import { useTranscription } from './store';


const GRANULARITIES: ReadonlyArray<[Granularity, string]> = [
  ['word', 'Words'],
  ['segment', 'Segments'],
];

/** The request options; a file takes them when it joins main's queue, and Retry sends the same. */
export function RequestForm({ form, errors, disabled }: { form: RequestInput; errors: RequestErrors; disabled: boolean }) {
  const setForm = useTranscription((s) => s.setForm);
  const granularityNote = useId();
  const modelId = useId();
  // A model a saved form still names stays choosable, under its id.
  const models = TRANSCRIPTION_MODELS.includes(form.model) ? TRANSCRIPTION_MODELS : [...TRANSCRIPTION_MODELS, form.model];
  const verbose = form.responseFormat === 'verbose_json';
  const toggle = (value: Granularity, on: boolean) =>
    setForm({ granularities: on ? [...form.granularities.filter((g) => g !== value), value] : form.granularities.filter((g) => g !== value) });

  return (
    <section className="card tx-options" aria-labelledby="tx-options-heading">
      <h2 id="tx-options-heading">Options</h2>
      <p className="hint">Each file is added to the queue with these options; a file added while they need fixing waits for them.</p>
      <fieldset className="plain" disabled={disabled}>
        <div className="tx-options-row">
          <div className="field">
            <label htmlFor={modelId}>Model</label>
            <select
              id={modelId}
              value={form.model}
              title={form.model}
              aria-invalid={errors.model !== undefined}
              aria-describedby={`${modelId}-note`}
              onChange={(event) => setForm({ model: event.target.value })}
            >
              {models.map((model) => (
                <option key={model} value={model} title={model}>
                  {modelName(model)}
                </option>
              ))}
            </select>
            {errors.model ? (
              <p className="field-error" role="alert" id={`${modelId}-note`}>
                {errors.model}
              </p>
            ) : (
              <p className="hint" id={`${modelId}-note`}>
                The service's speech-to-text model.
              </p>
            )}
          </div>
          <LanguagePicker value={form.language} error={errors.language} onChange={(language) => setForm({ language })} />
        </div>
        <TextField
          label="Prompt"
          hint="Optional context that guides spelling and style: names, terms, punctuation."
          placeholder="For example: Weekly sync of the Confab team with Ana, Bilal and Chen."
          multiline
          value={form.prompt}
          error={errors.prompt}
          onChange={(prompt) => setForm({ prompt })}
        />
        <fieldset className="choice formats">
          <legend>Response format</legend>
          {FORMATS.map((format) => (
            <label key={format.value} className="format-option">
              <input
                type="radio"
                name="response-format"
                value={format.value}
                checked={form.responseFormat === format.value}
                onChange={() => setForm({ responseFormat: format.value })}
              />
              <span className="format-name">{FORMAT_NAMES[format.value]}</span>
              <span className="format-description">{format.description}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice granularities" disabled={disabled || !verbose} aria-describedby={granularityNote}>
          <legend>Timestamps</legend>
          <div className="check-row">
            {GRANULARITIES.map(([value, label]) => (
              <label key={value} className="check">
                <input type="checkbox" checked={form.granularities.includes(value)} onChange={(event) => toggle(value, event.target.checked)} />
                {label}
              </label>
            ))}
          </div>
          <p className="hint" id={granularityNote}>
            {verbose
              ? 'Word timings highlight each word as the recording plays and make subtitles to your rules; segments group them into passages. With neither, the service returns segments.'
              : `Only ${FORMAT_NAMES.verbose_json} carries timings, so these apply to it alone. Choose it to use them.`}
          </p>
        </fieldset>
      </fieldset>
    </section>
  );
}
