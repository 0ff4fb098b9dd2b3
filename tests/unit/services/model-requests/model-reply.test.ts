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
  it('is a 400 or 413 that says the input is over the context, nothing else', () => {
    expect(isTooLong({ status: 400, code: 'context_length_exceeded', message: 'Please reduce the length of the messages.' })).toBe(true);
    expect(isTooLong({ status: 413, code: null, message: 'Request has too many tokens' })).toBe(true);
    expect(isTooLong({ status: 400, code: 'invalid_value', message: "Invalid 'temperature'." })).toBe(false);
    expect(isTooLong({ status: 500, code: null, message: 'context broke' })).toBe(false);
  });

  it("is recognised in the convention's and other services' words for an input over the context", () => {
    const too = (message: string, code: string | null = null) => isTooLong({ status: 400, code, message });
    expect(too("This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens.")).toBe(true);
    expect(too('Your input exceeds the context window of this model.')).toBe(true);
    expect(too('prompt is too long: 210000 tokens > 200000 maximum')).toBe(true);
    expect(too('the request exceeds the available context size', 'exceed_context_size_error')).toBe(true);
  });

  it('is never a complaint about a parameter that merely names tokens', () => {
    const too = (message: string, code: string | null = null) => isTooLong({ status: 400, code, message });
    expect(too("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'unsupported_parameter')).toBe(false);
    expect(too('max_tokens is too large: 100000. This model supports at most 4096 completion tokens, whereas you provided 100000.', 'invalid_value')).toBe(false);
    expect(too('Invalid token in request body')).toBe(false);
    expect(too('Invalid value for max_tokens', 'invalid_value')).toBe(false);
  });
});
