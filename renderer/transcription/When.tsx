import { useFormats } from '../i18n';

/**
 * A moment as the UI language writes it. Intl words it (month names included), not the
 * catalogue, so it is marked like other locale data; the pseudo-language has none of its own.
 */
export function When({ at }: { at: number }) {
  const { dateTime } = useFormats();
  return (
    <time dateTime={new Date(at).toISOString()} translate="no">
      {dateTime(at)}
    </time>
  );
}
