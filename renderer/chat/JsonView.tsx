import type { JsonReading } from '../../shared/domain/json';

/** A JSON reading in full: the value pretty-printed, or the text as it came with why it is not JSON. */
export function JsonView({ reading, label }: { reading: JsonReading; label: string }) {
  if (reading.valid) {
    return (
      <pre className="json-view" aria-label={label} tabIndex={0}>
        <code>{JSON.stringify(reading.value, null, 2)}</code>
      </pre>
    );
  }
  return (
    <>
      <p className="json-problem" role="note">
        Not valid JSON: {reading.problem}
      </p>
      <pre className="json-view raw" aria-label={label} tabIndex={0}>
        <code>{reading.raw === '' ? '(empty)' : reading.raw}</code>
      </pre>
    </>
  );
}
