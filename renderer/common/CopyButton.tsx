import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The accessible name, e.g. "Copy code"; the button itself shows "Copy". */
  label: string;
  /** Read at click time, so the copy is exactly what is shown then. */
  text(): string;
}

/** Copies to the clipboard and says whether it worked, next to the button rather than in its name. */
export function CopyButton({ label, text }: Props) {
  const { t } = useTranslation('common');
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 1500);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = () =>
    navigator.clipboard.writeText(text()).then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );

  return (
    <span className="copy">
      <button type="button" className="small secondary" aria-label={label} title={label} onClick={() => void copy()}>
        {t('copy.button')}
      </button>
      <span role="status" className="copy-status">
        {outcome === 'copied' ? t('copy.copied') : outcome === 'failed' ? t('copy.failed') : null}
      </span>
    </span>
  );
}
