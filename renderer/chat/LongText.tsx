import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Messages the reader opened in full, by id: the list is virtualized, so a message scrolled away
 * and back mounts again and must not fold itself up.
 */
const opened = new Set<string>();

/**
 * A message's text, folded beyond a height (chat.css, .long-text) with Show all / Show less.
 * Only the display folds: the text is all there for copying, search and screen readers. A reply
 * still arriving is never folded, so its newest words stay in view.
 */
export function LongText({ id, live = false, children }: { id: string; live?: boolean; children: ReactNode }) {
  const { t } = useTranslation('chat');
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(() => opened.has(id));
  const [tall, setTall] = useState(false);
  const regionId = useId();

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner || expanded || live) return;
    const measure = () => setTall(inner.offsetHeight > outer.clientHeight + 1);
    measure();
    // The text's height changes with the window's width and as Markdown and code highlight settle.
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [expanded, live]);

  const toggle = () => {
    const next = !expanded;
    if (next) opened.add(id);
    else opened.delete(id);
    setExpanded(next);
    // Folding a long text back leaves the reader where the message starts, not far below it.
    if (!next) requestAnimationFrame(() => box.current?.scrollIntoView({ block: 'nearest' }));
  };

  const folded = !expanded && !live;
  return (
    <>
      <div ref={box} id={regionId} className={`long-text${folded ? ' folded' : ''}${folded && tall ? ' cut' : ''}`}>
        <div ref={content}>{children}</div>
      </div>
      {(tall || expanded) && !live && (
        <button type="button" className="link long-text-toggle" aria-expanded={expanded} aria-controls={regionId} onClick={toggle}>
          {expanded ? t('longText.showLess') : t('longText.showAll')}
        </button>
      )}
    </>
  );
}
