import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Part {
  /** The id of the section's heading, which labels it. */
  id: string;
  label: string;
}

/** The sections in `content`, read from the page: a feature later in the order (backups) adds its own. */
function partsOf(content: HTMLElement): Part[] {
  return [...content.querySelectorAll<HTMLElement>(':scope > section[aria-labelledby]')].flatMap((section) => {
    const id = section.getAttribute('aria-labelledby')!;
    const label = document.getElementById(id)?.textContent?.trim();
    return label ? [{ id, label }] : [];
  });
}

const inView = (scroller: HTMLElement, id: string) => {
  const heading = document.getElementById(id)?.getBoundingClientRect();
  const box = scroller.getBoundingClientRect();
  return heading !== undefined && heading.top >= box.top && heading.bottom <= box.bottom;
};

/** The section whose heading was passed last by the scroller's top, or the last one once scrolled to the end. */
function currentIn(scroller: HTMLElement, parts: Part[]): string | null {
  if (parts.length === 0) return null;
  if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2) return parts.at(-1)!.id;
  const top = scroller.getBoundingClientRect().top + 96;
  let current = parts[0]!.id;
  for (const part of parts) {
    const heading = document.getElementById(part.id);
    if (heading && heading.getBoundingClientRect().top <= top) current = part.id;
  }
  return current;
}

/**
 * A way to jump between the parts of Settings, the one in view marked: Settings holds many
 * sections, and one long page hides all but the first few.
 */
export function SettingsNav({ scroller, content }: { scroller: RefObject<HTMLElement | null>; content: RefObject<HTMLElement | null> }) {
  const { t, i18n } = useTranslation('settings');
  const [parts, setParts] = useState<Part[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  // The section jumped to stays marked while its heading is in view, even where the page cannot
  // scroll it to the top (the last ones).
  const jumped = useRef<string | null>(null);

  const follow = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    if (jumped.current && inView(element, jumped.current)) return setCurrent(jumped.current);
    jumped.current = null;
    setCurrent(currentIn(element, parts));
  }, [scroller, parts]);

  useEffect(() => {
    const element = content.current;
    if (!element) return;
    const read = () => setParts(partsOf(element));
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { childList: true });
    return () => observer.disconnect();
    // Read again in a new language: the headings' words are the labels.
  }, [content, i18n.language]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    follow();
    element.addEventListener('scroll', follow, { passive: true });
    // A resized window moves the sections without a scroll event.
    const resized = new ResizeObserver(follow);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', follow);
      resized.disconnect();
    };
  }, [scroller, follow]);

  // Above the sections the names fold onto as many lines as the width needs: a section jumped to
  // starts below them (scroll-margin-top in styles.css), however many there are.
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = row.current;
    const layout = nav?.parentElement;
    if (!nav || !layout) return;
    const measure = new ResizeObserver(() => layout.style.setProperty('--settings-nav-height', `${nav.offsetHeight}px`));
    measure.observe(nav);
    return () => measure.disconnect();
  }, []);

  function jump(id: string) {
    const heading = document.getElementById(id);
    if (!heading) return;
    // The first section is shown from the top of the screen, with the screen's own heading.
    if (id === parts[0]?.id) scroller.current?.scrollTo({ top: 0 });
    else heading.closest('section')?.scrollIntoView({ block: 'start' });
    // The heading takes the focus, so Tab goes on inside the section a keyboard user jumped to.
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    jumped.current = id;
    setCurrent(id);
  }

  return (
    <nav className="settings-nav" aria-label={t('screen.contents')} ref={row}>
      <ul>
        {parts.map((part) => (
          <li key={part.id}>
            <button type="button" className="nav-item" aria-current={current === part.id ? 'true' : undefined} onClick={() => jump(part.id)}>
              {part.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
