import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));
const { inputPresence } = await import('../../../../electron/shell/platform/input-presence');
const { createApprovals, PRESS_WINDOW_MS } = await import('../../../../electron/core/services/tools/approvals');

/** A webContents stand-in: only main's side sees `input-event`, which Electron emits for real input. */
function window() {
  let clock = 1000;
  const contents = new EventEmitter();
  const presence = inputPresence(() => clock);
  presence.watch(contents as never);
  return {
    presence,
    tick: (ms = 10) => (clock += ms),
    input: (type: string) => contents.emit('input-event', {}, { type }),
    approvals: createApprovals(presence, () => clock),
  };
}

describe('tool approvals backed by real input (Electron)', () => {
  it('accepts an approval after a real click or key press reached the window once the call was shown', async () => {
    const w = window();
    const waiting = w.approvals.wait('s', 'c1', new AbortController().signal);
    w.tick();
    w.input('mouseDown');
    w.approvals.decide('s', 'c1', 'approve');
    expect(await waiting).toBe('approve');

    const next = w.approvals.wait('s', 'c2', new AbortController().signal);
    w.tick();
    w.input('keyDown');
    w.approvals.decide('s', 'c2', 'always');
    expect(await next).toBe('always');
  });

  it('refuses an approval with no press since it was shown (a script calling decideTool), and keeps waiting', async () => {
    const w = window();
    w.input('mouseDown'); // before the question appeared: it cannot have been an answer
    w.tick();
    const waiting = w.approvals.wait('s', 'c1', new AbortController().signal);
    w.tick();
    w.input('mouseMove'); // moves and wheel turns are no decision
    w.input('mouseWheel');
    expect(() => w.approvals.decide('s', 'c1', 'approve')).toThrow(expect.objectContaining({ code: 'tools.no_gesture' }));
    expect(() => w.approvals.decide('s', 'c1', 'always')).toThrow(expect.objectContaining({ code: 'tools.no_gesture' }));
    // A press long before the decision (scrolling, say) is no answer either: a page could wait for one.
    w.input('mouseUp');
    w.tick(PRESS_WINDOW_MS + 1);
    expect(() => w.approvals.decide('s', 'c1', 'approve')).toThrow(expect.objectContaining({ code: 'tools.no_gesture' }));
    // Saying no needs no proof; the call is still waiting until then.
    w.approvals.decide('s', 'c1', 'deny');
    expect(await waiting).toBe('deny');
  });
});
