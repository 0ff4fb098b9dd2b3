import { useId } from 'react';

interface Props {
  label: string;
  hint: string;
  value: string;
  /** The schema's message; replaces the hint while the value is refused. */
  error: string | undefined;
  placeholder?: string;
  multiline?: boolean;
  inputMode?: 'decimal' | 'numeric';
  onChange(value: string): void;
}

/**
 * A labelled text input whose note is its hint, or the reason the value is refused. The value
 * stays as typed (numbers too), so the user can see and fix what is wrong.
 */
export function TextField({ label, hint, value, error, placeholder, multiline, inputMode, onChange }: Props) {
  const id = useId();
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': error !== undefined,
    'aria-describedby': `${id}-note`,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? (
        <p className="field-error" role="alert" id={`${id}-note`}>
          {error}
        </p>
      ) : (
        <p className="hint" id={`${id}-note`}>
          {hint}
        </p>
      )}
    </div>
  );
}
