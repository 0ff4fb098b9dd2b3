import { useEffect, useState } from 'react';

interface Props {
  /** The accessible name, e.g. "Copy code"; the button itself shows "Copy". */
  label: string;
  /** Read at click time, so the copy is exactly what is shown then. */
  text(): string;
}

/** Copies to the clipboard and says whether it worked, next to the button rather than in its name. */
export function CopyButton({ label, text }: Props) {
  const [outcome, setOutcome] = useState<'Copied' | 'Could not copy' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 1500);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = () =>
    navigator.clipboard.writeText(text()).then(
      () => setOutcome('Copied'),
      () => setOutcome('Could not copy'),
    );

  return (
    <span className="copy">
      <button type="button" className="small secondary" aria-label={label} title={label} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="copy-status">
        {outcome}
      </span>
    </span>
  );
}
