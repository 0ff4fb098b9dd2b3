import { describe, expect, it } from 'vitest';
import { type ToolCallDelta, joinToolCallDeltas, toolCallDeltasOf } from '../../../../electron/core/services/tools/tool-call-deltas';

describe('joining streamed tool-call fragments', () => {
  it('joins several calls interleaved by index, ids and names arriving only in the first fragment', () => {
    const deltas: ToolCallDelta[] = [
      { index: 0, id: 'call_a', name: 'get_weather', arguments: '' },
      { index: 1, id: 'call_b', name: 'add_numbers', arguments: '{"a"' },
      { index: 0, arguments: '{"ci' },
      { index: 1, arguments: ': 2, "b": 3}' },
      { index: 0, arguments: 'ty": "Par' },
      { index: 0, arguments: 'is"}' },
    ];
    expect(joinToolCallDeltas(deltas)).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city": "Paris"}' },
      { id: 'call_b', name: 'add_numbers', arguments: '{"a": 2, "b": 3}' },
    ]);
  });

  it('keeps arguments split across many one-character chunks, in order', () => {
    const text = JSON.stringify({ query: 'héllo wörld 🎉', limit: 3 });
    const deltas: ToolCallDelta[] = [{ index: 0, id: 'c', name: 'search_notes' }, ...Array.from(text, (char) => ({ index: 0, arguments: char }))];
    expect(joinToolCallDeltas(deltas)).toEqual([{ id: 'c', name: 'search_notes', arguments: text }]);
  });

  it('ignores empty fragments and a repeated id or name, and orders calls by index', () => {
    const deltas: ToolCallDelta[] = [
      { index: 1, id: 'second', name: 'b' },
      { index: 1 },
      { index: 0, id: 'first', name: 'a', arguments: '{}' },
      { index: 1, id: 'second', name: 'b', arguments: '' },
      { index: 0, arguments: '' },
    ];
    expect(joinToolCallDeltas(deltas)).toEqual([
      { id: 'first', name: 'a', arguments: '{}' },
      { id: 'second', name: 'b', arguments: '' },
    ]);
    expect(joinToolCallDeltas([])).toEqual([]);
  });

  it('leaves the id empty when the service sent none (the chat service makes one up)', () => {
    expect(joinToolCallDeltas([{ index: 0, name: 'a', arguments: '{}' }])).toEqual([{ id: '', name: 'a', arguments: '{}' }]);
  });
});

describe('reading tool calls from a chunk', () => {
  it('reads streamed fragments with their index', () => {
    expect(toolCallDeltasOf([{ index: 2, id: 'x', type: 'function', function: { name: 'n', arguments: '{' } }, { index: 2, function: { arguments: '}' } }])).toEqual([
      { index: 2, id: 'x', name: 'n', arguments: '{' },
      { index: 2, id: undefined, name: undefined, arguments: '}' },
    ]);
  });

  it('gives whole calls (no index) their position, and skips what is not a call', () => {
    expect(toolCallDeltasOf([{ id: 'a', function: { name: 'f', arguments: '{}' } }, null, { id: 'b', function: { name: 'g', arguments: '' } }])).toEqual([
      { index: 0, id: 'a', name: 'f', arguments: '{}' },
      { index: 2, id: 'b', name: 'g', arguments: '' },
    ]);
    expect(toolCallDeltasOf(undefined)).toEqual([]);
    expect(toolCallDeltasOf('nonsense')).toEqual([]);
  });
});
