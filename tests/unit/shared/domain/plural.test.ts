import { describe, expect, it } from 'vitest';
import { counted, nounFor } from '../../../../shared/domain/plural';

const PART = { one: 'part', other: 'parts' };
const MATCH = { one: 'match', other: 'matches' };

describe('counts in words', () => {
  it('says one in the singular, and none or many in the plural', () => {
    expect(counted(1, PART)).toBe('1 part');
    expect(counted(0, PART)).toBe('0 parts');
    expect(counted(2, PART)).toBe('2 parts');
    expect(counted(21, PART)).toBe('21 parts');
  });

  it('takes irregular plurals as given', () => {
    expect(counted(1, MATCH)).toBe('1 match');
    expect(counted(3, MATCH)).toBe('3 matches');
    expect(counted(3, { one: 'reply', other: 'replies' })).toBe('3 replies');
  });

  it('gives the noun alone for sentences that place the number elsewhere', () => {
    expect(nounFor(1, PART)).toBe('part');
    expect(nounFor(5, PART)).toBe('parts');
  });
});
