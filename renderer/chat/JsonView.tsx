import { useTranslation } from 'react-i18next';
import type { JsonReading } from '../../shared/domain/json';
import { JsonProblemNote } from './JsonProblemNote';

/** A JSON reading in full: the value pretty-printed, or the text as it came with why it is not JSON. */
export function JsonView({ reading, label }: { reading: JsonReading; label: string }) {
  const { t } = useTranslation('chat');
  if (reading.valid) {
    return (
      <pre className="json-view" aria-label={label} tabIndex={0} dir="ltr">
        <code translate="no">{JSON.stringify(reading.value, null, 2)}</code>
      </pre>
    );
  }
  return (
    <>
      <JsonProblemNote problem={reading.problem} reply={false} />
      <pre className="json-view raw" aria-label={label} tabIndex={0} dir="ltr">
        {reading.raw === '' ? <code>{t('tools.empty')}</code> : <code translate="no">{reading.raw}</code>}
      </pre>
    </>
  );
}
