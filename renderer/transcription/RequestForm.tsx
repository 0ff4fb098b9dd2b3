import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { transcriptionRequestSchema } from '../../shared/contract/transcription';
import { TextField } from '../common/TextField';
import { problemWords } from '../common/problem-text';
import { modelName } from '../common/names';
import { useFormats } from '../i18n';
import { LanguagePicker } from './LanguagePicker';
import { FORMATS, FORMAT_KEYS, TRANSCRIPTION_MODELS, type Granularity, type RequestErrors, type RequestInput } from './request';
import { useTranscription } from './store';

const GRANULARITIES = [
  ['word', 'options.words'],
  ['segment', 'options.segments'],
] as const satisfies ReadonlyArray<readonly [Granularity, string]>;

const PROMPT_MAX = transcriptionRequestSchema.shape.prompt.maxLength ?? 0;

/**
 * The request options; a file takes them when it joins main's queue, and Retry sends the same.
 * `intro` is another screen's sentence for what the options apply to there (the recorder's).
 */
export function RequestForm({ form, errors, disabled, intro }: { form: RequestInput; errors: RequestErrors; disabled: boolean; intro?: string }) {
  const { t } = useTranslation('transcription');
  const { number } = useFormats();
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
      <h2 id="tx-options-heading">{t('options.heading')}</h2>
      <p className="hint">{intro ?? t('options.intro')}</p>
      <fieldset className="plain" disabled={disabled}>
        <div className="tx-options-row">
          <div className="field">
            <label htmlFor={modelId}>{t('options.model')}</label>
            <select
              id={modelId}
              value={form.model}
              title={form.model}
              translate="no"
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
                {t('options.invalidModel')}
              </p>
            ) : (
              <p className="hint" id={`${modelId}-note`}>
                {t('options.modelHint')}
              </p>
            )}
          </div>
          <LanguagePicker value={form.language} error={errors.language && t('options.invalidLanguage')} onChange={(language) => setForm({ language })} />
        </div>
        <TextField
          label={t('options.prompt')}
          hint={t('options.promptHint')}
          placeholder={t('options.promptExample')}
          multiline
          value={form.prompt}
          error={errors.prompt && t('options.invalidPrompt', { max: number(PROMPT_MAX) })}
          onChange={(prompt) => setForm({ prompt })}
        />
        <TextField
          label={t('options.glossary')}
          hint={t('options.glossaryHint')}
          placeholder={t('options.glossaryExample')}
          multiline
          value={form.glossary ?? ''}
          error={errors.glossary && problemWords(errors.glossary)}
          onChange={(glossary) => setForm({ glossary })}
        />
        <fieldset className="choice formats">
          <legend>{t('options.format')}</legend>
          {FORMATS.map((format) => (
            <label key={format.value} className="format-option">
              <input
                type="radio"
                name="response-format"
                value={format.value}
                checked={form.responseFormat === format.value}
                onChange={() => setForm({ responseFormat: format.value })}
              />
              <span className="format-name">{t(FORMAT_KEYS[format.value])}</span>
              <span className="format-description">{t(format.description)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice granularities" disabled={disabled || !verbose} aria-describedby={granularityNote}>
          <legend>{t('options.timestamps')}</legend>
          <div className="check-row">
            {GRANULARITIES.map(([value, label]) => (
              <label key={value} className="check">
                <input type="checkbox" checked={form.granularities.includes(value)} onChange={(event) => toggle(value, event.target.checked)} />
                {t(label)}
              </label>
            ))}
          </div>
          <p className="hint" id={granularityNote}>
            {verbose ? t('options.timestampsHint') : t('options.timestampsOff', { format: t(FORMAT_KEYS.verbose_json) })}
          </p>
        </fieldset>
      </fieldset>
    </section>
  );
}
