/**
 * In-page probes for the chat benchmark, installed before the app's own scripts run. Every
 * timestamp is the page's performance.now(), so the figures carry no Playwright round trip.
 * Plain JavaScript in a string: a function compiled by tsx could carry helpers the page lacks.
 */
export const PROBES = String.raw`(() => {
  const bench = { longTasks: [], longTasksSupported: false };
  window.__chatBench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    bench.longTasksSupported = true;
  } catch {}

  // When each large bridge frame reaches the page (a conversation's messages, for one), so
  // an open can be split into waiting for main and parsing and rendering in the page.
  bench.bigFrames = [];
  const NativeWebSocket = window.WebSocket;
  // When the page hands the Send intent to its bridge socket, to split "Send click to the
  // request at the service" into the page's part and main's (with the hops between).
  const nativeSend = NativeWebSocket.prototype.send;
  NativeWebSocket.prototype.send = function (data) {
    if (bench.send && bench.send.intentAt === null && typeof data === 'string' && data.includes('"conversations:send"')) bench.send.intentAt = performance.now();
    return nativeSend.call(this, data);
  };
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const chars = typeof event.data === 'string' ? event.data.length : 0;
        if (chars > 100000) bench.bigFrames.push({ at: performance.now(), chars });
      });
    }
  };

  bench.longTasksBetween = (from, to) => bench.longTasks.filter((task) => task.start + task.duration > from && task.start < to);

  // The click on Send, and the first moment after it when a new reply is complete in the DOM
  // (its article leaves aria-busy: the text and the end state are committed together).
  bench.armSend = () => {
    const before = new Set(document.querySelectorAll('article[aria-label="Reply"]'));
    const run = { sendAt: null, intentAt: null, doneAt: null };
    bench.send = run;
    let settle;
    run.done = new Promise((resolve) => (settle = resolve));
    setTimeout(() => {
      observer.disconnect();
      settle({ sendAt: run.sendAt, intentAt: run.intentAt, doneAt: null });
    }, 120000);
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.textContent.trim() !== 'Send') return;
      run.sendAt = performance.now();
      document.removeEventListener('click', onClick, true);
    };
    document.addEventListener('click', onClick, true);
    const observer = new MutationObserver(() => {
      if (run.sendAt === null) return;
      const articles = document.querySelectorAll('[aria-label="Messages"] article');
      const last = articles[articles.length - 1];
      if (!last || before.has(last) || last.getAttribute('aria-label') !== 'Reply' || last.getAttribute('aria-busy') !== 'false') return;
      run.doneAt = performance.now();
      observer.disconnect();
      settle({ sendAt: run.sendAt, intentAt: run.intentAt, doneAt: run.doneAt });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  };
  bench.sendDone = () => bench.send.done;

  // The text of the last reply: each rendered block's textContent, and the whole.
  bench.lastReplyText = () => {
    const all = document.querySelectorAll('article[aria-label="Reply"] [data-testid="message-text"]');
    const body = all[all.length - 1];
    if (!body) return null;
    return { blocks: Array.from(body.children, (child) => child.textContent ?? ''), textContent: body.textContent ?? '' };
  };

  const scroller = () => document.querySelector('[aria-label="Messages"]');

  // Whether the message whose text contains marker is on screen; edge 'bottom' asks for its
  // end to be inside the viewport (the list scrolled to its end), 'top' for its start.
  const onScreen = (marker, edge) => {
    const view = scroller();
    if (!view) return false;
    const box = view.getBoundingClientRect();
    for (const article of view.querySelectorAll('article')) {
      if (!(article.textContent ?? '').includes(marker)) continue;
      const rect = article.getBoundingClientRect();
      if (rect.height === 0 || rect.bottom <= box.top || rect.top >= box.bottom) return false;
      return edge === 'bottom' ? rect.bottom <= box.bottom + 1 : rect.top >= box.top - 1;
    }
    return false;
  };

  // From the click on the conversation's sidebar entry to the frame in which its last message
  // is on screen, checked at every animation frame.
  bench.armOpen = (title, marker) => {
    const run = { openAt: null, visibleAt: null };
    bench.open = run;
    let settle;
    run.done = new Promise((resolve) => (settle = resolve));
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('nav button') : null;
      if (!button || button.textContent.trim() !== title) return;
      document.removeEventListener('click', onClick, true);
      run.openAt = performance.now();
      const frame = (now) => {
        if (onScreen(marker, 'bottom')) {
          run.visibleAt = performance.now();
          return settle({ openAt: run.openAt, visibleAt: run.visibleAt });
        }
        if (now - run.openAt > 15000) return settle({ openAt: run.openAt, visibleAt: null });
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    document.addEventListener('click', onClick, true);
  };
  bench.openDone = () => bench.open.done;

  // Scrolls the message list up by step pixels per animation frame, recording every frame
  // interval, for at most maxFrames frames or until the top, with the first message on screen.
  bench.scrollUp = (step, maxFrames, firstMarker) =>
    new Promise((resolve) => {
      const view = scroller();
      const from = view.scrollTop;
      const intervals = [];
      let previous = null;
      let frames = 0;
      let startedAt = null;
      const frame = (now) => {
        if (previous !== null) intervals.push(now - previous);
        previous = now;
        startedAt ??= performance.now();
        const atTop = view.scrollTop <= 0 && onScreen(firstMarker, 'top');
        if (atTop || frames >= maxFrames) {
          return resolve({ from, to: view.scrollTop, frames, intervals, reachedTop: atTop, startedAt, endedAt: performance.now() });
        }
        view.scrollTop = Math.max(0, view.scrollTop - step);
        frames++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });

  bench.scrollToBottom = () => {
    const view = scroller();
    view.scrollTop = view.scrollHeight;
  };

  bench.listInfo = () => {
    const view = scroller();
    return view ? { scrollTop: view.scrollTop, scrollHeight: view.scrollHeight, clientHeight: view.clientHeight, articles: view.querySelectorAll('article').length } : null;
  };
})();`;

export interface LongTask {
  start: number;
  duration: number;
}

export interface ScrollRun {
  from: number;
  to: number;
  frames: number;
  intervals: number[];
  reachedTop: boolean;
  startedAt: number;
  endedAt: number;
}

interface Probes {
  longTasksSupported: boolean;
  longTasksBetween(from: number, to: number): LongTask[];
  armSend(): void;
  /** doneAt is null when no reply was complete 120 s after arming; sendAt when Send was not clicked. */
  sendDone(): Promise<{ sendAt: number | null; intentAt: number | null; doneAt: number | null }>;
  lastReplyText(): { blocks: string[]; textContent: string } | null;
  armOpen(title: string, marker: string): void;
  /** Bridge frames over 100,000 characters: when their message event began, and their length. */
  bigFrames: Array<{ at: number; chars: number }>;
  openDone(): Promise<{ openAt: number; visibleAt: number | null }>;
  scrollUp(step: number, maxFrames: number, firstMarker: string): Promise<ScrollRun>;
  scrollToBottom(): void;
  listInfo(): { scrollTop: number; scrollHeight: number; clientHeight: number; articles: number } | null;
}

/** The page's window with the probes; in page.evaluate: `(window as unknown as BenchWindow).__chatBench`. */
export interface BenchWindow {
  __chatBench: Probes;
}
