import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveLine } from '../../shared/contract/recording';
import { useSettings } from '../settings';
import { CaptionsSwitch } from './CaptionsSwitch';
import { useRecorder } from './store';

// One empty list: a selector answering a new [] each time would re-render without end.
const NO_LINES: LiveLine[] = [];

/** Within this of the bottom the reader is following along, so new lines scroll into view. */
const FOLLOW_PX = 48;

/**
 * The running recording's words as main composes them: captions (provisional, in italics) where
 * no part is transcribed yet, the final text where one is, each with its side's name when the
 * recording has two tracks. It follows the newest line unless the reader scrolled back.
 */
export function LiveTranscript({ recordingId }: { recordingId: string }) {
  const { t } = useTranslation('recording');
  const on = useSettings((s) => s.settings?.liveCaptions ?? true);
  const lines = useRecorder((s) => (s.live?.recordingId === recordingId ? s.live.lines : NO_LINES));
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lines]);

  return (
    <section className="card rec-live" aria-labelledby="rec-live-heading">
      <h2 id="rec-live-heading">{t('captions.heading')}</h2>
      <CaptionsSwitch />
      {on && (
        <>
          <p className="hint">{lines.length > 0 ? t('captions.legend') : t('captions.empty')}</p>
          {lines.length > 0 && (
            <div
              ref={list}
              className="rec-live-lines"
              role="log"
              aria-labelledby="rec-live-heading"
              tabIndex={0}
              onScroll={(event) => {
                const element = event.currentTarget;
                following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
              }}
            >
              <ol>
                {lines.map((line) => (
                  <li key={line.key} className={line.final ? 'rec-line' : 'rec-line provisional'} data-final={line.final}>
                    {line.speaker && <span className="rec-speaker">{line.speaker}</span>}
                    <span className="rec-words">{line.text}</span>
                    {!line.final && <span className="visually-hidden"> {t('captions.provisional')}</span>}
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
    </section>
  );
}
