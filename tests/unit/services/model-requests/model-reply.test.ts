import { describe, expect, it } from 'vitest';
import { answerText, readJson, readPartialJson } from '../../../../electron/core/services/model-requests/model-reply';
import { isTooLong } from '../../../../electron/core/services/net/too-long';

describe("reading a model's answer", () => {
  it('strips reasoning blocks, closed or cut short, and code fences', () => {
    expect(answerText('<think>plan {"a": 1}</think>\n```json\n{"b": 2}\n```')).toBe('{"b": 2}');
    expect(answerText('<thinking>one</thinking><reasoning>two</reasoning>{"c": 3}')).toBe('{"c": 3}');
    // Cut by the token cap inside its reasoning: nothing of it is the answer.
    expect(answerText('<think>still thinking {"d": 4}')).toBe('');
  });

  it('reads JSON amid prose, repairs what a plain prompt gets wrong, and refuses an answer with none', () => {
    expect(readJson('Here are the notes: {"items": ["a", "b",],}')).toEqual({ items: ['a', 'b'] });
    expect(readJson("{'single': 'quotes'}")).toEqual({ single: 'quotes' });
    expect(() => readJson('No notes today.')).toThrow();
  });

  it('reads the items finished so far from an answer still arriving', () => {
    expect(readPartialJson('{"items": [{"text": "Ship it", "rows": ["r1"]}, {"text": "Bud')).toEqual({
      items: [{ text: 'Ship it', rows: ['r1'] }, { text: 'Bud' }],
    });
    expect(readPartialJson('<think>not yet')).toBeNull();
  });
});

describe('too long for the model', () => {
  it('is a 400 or 413 that names the context or tokens, nothing else', () => {
    expect(isTooLong({ status: 400, code: 'context_length_exceeded', message: 'Please reduce the length of the messages.' })).toBe(true);
    expect(isTooLong({ status: 413, code: null, message: 'Request has too many tokens' })).toBe(true);
    expect(isTooLong({ status: 400, code: 'invalid_value', message: "Invalid 'temperature'." })).toBe(false);
    expect(isTooLong({ status: 500, code: null, message: 'context broke' })).toBe(false);
  });
});
