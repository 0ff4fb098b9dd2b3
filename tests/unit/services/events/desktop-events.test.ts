import { describe, expect, it } from 'vitest';
import type { DesktopEvent } from '../../../../shared/contract/desktop';
import { createDesktopEvents } from '../../../../electron/core/services/events/desktop-events';

describe('desktop events for the page', () => {
  it('holds what arrives before any page watches (files opened at launch) for the first watcher', async () => {
    const events = createDesktopEvents();
    events.send({ type: 'opened', queued: [], needsPro: [], refused: [{ code: 'intake.not_opened_gone', values: { name: 'x.mp3' } }] });
    const first: DesktopEvent[] = [];
    const second: DesktopEvent[] = [];
    const stopFirst = new AbortController();
    const watching = events.watch((event) => first.push(event), stopFirst.signal);
    void events.watch((event) => second.push(event), new AbortController().signal);
    events.send({ type: 'intent', intent: 'newChat' });
    expect(first.map((event) => event.type)).toEqual(['opened', 'intent']);
    expect(second.map((event) => event.type)).toEqual(['intent']);

    stopFirst.abort();
    await watching;
    events.send({ type: 'intent', intent: 'find' });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
  });
});
