import { useState } from 'react';
import type { SaveOutcome } from '../../shared/contract/files';
import { deliver } from './save-outcome';
import { problemText } from './problem-text';

export interface Saved {
  ok: boolean;
  text: string;
}

/**
 * A save main makes (an export): which one is under way, and how the last one went in words.
 * A cancelled dialog leaves no words; a failure leaves main's.
 */
export function useSaving<What>() {
  const [busy, setBusy] = useState<What | null>(null);
  const [outcome, setOutcome] = useState<Saved | null>(null);

  async function save(what: What, work: () => Promise<SaveOutcome>) {
    setBusy(what);
    setOutcome(null);
    try {
      const text = deliver(await work());
      setOutcome(text ? { ok: true, text } : null);
    } catch (error) {
      setOutcome({ ok: false, text: problemText(error) });
    } finally {
      setBusy(null);
    }
  }

  return { busy, outcome, save };
}
