import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../shared/domain/plan-rules';
import { mac, SHORTCUTS } from '../common/shortcuts';
import { useDictation } from './dictation';
import { prepareMicrophone } from './dictation-capture';

interface Props {
  conversationId: string;
  plan: Plan;
}

const holding = (kind: string | undefined) => kind === 'opening' || kind === 'listening';

/**
 * The hold-to-talk shortcut and Esc, for the composer on screen. The chord is held: its
 * keydown presses, letting go of any of its keys releases.
 */
function useDictationKeys(conversationId: string, plan: Plan) {
  useEffect(() => {
    let viaKeys = false;
    const { release } = useDictation.getState();
    const down = (event: KeyboardEvent) => {
      const { press, cancel, phases } = useDictation.getState();
      const kind = phases[conversationId]?.kind;
      if (event.key === 'Escape' && (holding(kind) || kind === 'working')) {
        // Before the app's own Esc (stop the reply), which skips a handled event.
        event.preventDefault();
        viaKeys = false;
        cancel(conversationId);
        return;
      }
      const chord = event.key === ' ' && event.shiftKey && !event.altKey && (mac ? event.metaKey : event.ctrlKey);
      if (!chord) return;
      event.preventDefault();
      if (event.repeat || viaKeys) return;
      viaKeys = true;
      press(conversationId, plan, 'keys');
    };
    const up = (event: KeyboardEvent) => {
      if (!viaKeys || ![' ', 'Shift', mac ? 'Meta' : 'Control'].includes(event.key)) return;
      viaKeys = false;
      void release('keys');
    };
    // Wherever the pointer is let go: a button re-rendered or moved under a held pointer must not keep the microphone open.
    const pointerUp = () => void release('pointer');
    window.addEventListener('keydown', down, true);
    window.addEventListener('keyup', up, true);
    window.addEventListener('pointerup', pointerUp, true);
    window.addEventListener('pointercancel', pointerUp, true);
    return () => {
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('keyup', up, true);
      window.removeEventListener('pointerup', pointerUp, true);
      window.removeEventListener('pointercancel', pointerUp, true);
    };
  }, [conversationId, plan]);
}

function MicrophoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0" />
      <path d="M12 18v3" />
    </svg>
  );
}

/** The running take's loudness, as a bar that grows with the voice. */
function LevelMeter() {
  const { t } = useTranslation('chat');
  const level = useDictation((s) => s.level);
  // Speech peaks sit well below full scale: the square root spreads them over the bar.
  const shown = Math.round(Math.sqrt(level) * 100);
  return (
    <span className="dictation-level" role="meter" aria-label={t('dictation.level')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown}>
      <span style={{ inlineSize: `${shown}%` }} />
    </span>
  );
}

/**
 * Hold to talk, release to insert: a press opens the microphone at once (the context and its
 * worklet were loaded when the composer showed), so the first words are not cut off.
 */
export function DictateButton({ conversationId, plan }: Props) {
  const { t } = useTranslation('chat');
  const kind = useDictation((s) => s.phases[conversationId]?.kind);
  useDictationKeys(conversationId, plan);
  useEffect(() => {
    // Prepared ahead only where it will be used; a failure here is met again, and said, on the press.
    if (plan === 'pro') prepareMicrophone().catch(() => undefined);
  }, [plan]);

  const { press, release } = useDictation.getState();
  const live = holding(kind);
  const free = plan !== 'pro';
  return (
    <button
      type="button"
      className={`dictate secondary${live ? ' live' : kind === 'working' ? ' working' : ''}`}
      aria-label={t('dictation.hold')}
      title={free ? t('dictation.needsPro') : t('dictation.holdTitle', { shortcut: SHORTCUTS.dictate.label })}
      aria-keyshortcuts={SHORTCUTS.dictate.aria}
      aria-pressed={live}
      aria-busy={kind === 'working' || undefined}
      aria-disabled={free || kind === 'working' || undefined}
      // The cursor stays in the draft, where the text will go.
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={(event) => {
        if (event.button !== 0 || kind === 'working') return;
        press(conversationId, plan, 'pointer');
      }}
      onKeyDown={(event) => {
        if ((event.key !== ' ' && event.key !== 'Enter') || event.repeat || kind === 'working') return;
        event.preventDefault();
        press(conversationId, plan, 'keys');
      }}
      onKeyUp={(event) => {
        if (event.key !== ' ' && event.key !== 'Enter') return;
        event.preventDefault();
        void release('keys');
      }}
    >
      <MicrophoneIcon />
      {/* Shown once the first level is in: the capture is running, not just asked for. */}
      {kind === 'listening' && <LevelMeter />}
    </button>
  );
}
