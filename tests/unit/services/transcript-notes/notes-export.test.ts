import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TranscriptNotes } from '../../../../shared/contract/notes';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { notesDocx, notesMarkdown } from '../../../../electron/core/services/transcript-notes/notes-export';
import { BUILT_IN_TEMPLATES } from '../../../../electron/core/services/transcript-notes/templates';

const item = (over: Partial<TranscriptNotes['items'][number]>): TranscriptNotes['items'][number] => ({
  id: 'i',
  section: 'summary',
  text: '',
  userText: null,
  owner: null,
  due: null,
  rows: ['1'],
  startMs: null,
  status: 'supported',
  edited: false,
  outOfDate: false,
  ...over,
});

const notes: TranscriptNotes = {
  transcriptId: 't1',
  template: BUILT_IN_TEMPLATES[0]!,
  createdAt: 1,
  outOfDate: false,
  covers: [],
  notCovered: [],
  items: [
    item({ id: 'a', text: 'The bridge is late', startMs: 3_200 }),
    item({ id: 'b', section: 'actions', text: 'Call the supplier', owner: 'Anna', due: 'Friday', startMs: 3_725_000 }),
    item({ id: 'c', section: 'actions', text: 'Order *steel*', status: 'unsupported', rows: ['zz'] }),
    item({ id: 'd', text: 'from the supplier', userText: 'Steel?', startMs: 7_000 }),
  ],
};

describe('notes exports', () => {
  const words = wordsIn('en');
  it('write Markdown by section with each item\'s time, owner, due date and status', () => {
    const markdown = notesMarkdown(notes, 'meeting.mp3', words);
    expect(markdown).toContain('# Notes: meeting.mp3');
    expect(markdown).toContain('## Summary\n\n- [0:00:03] The bridge is late\n- [0:00:07] **Steel?** — from the supplier');
    expect(markdown).toContain('- [1:02:05] Call the supplier _(owner: Anna; due: Friday)_');
    expect(markdown).toContain('- Order \\*steel\\* _(not supported by the cited rows)_');
    expect(markdown).not.toContain('## Decisions');
  });

  it('title a built-in template\'s sections in the user\'s language, not in the English the model reads', async () => {
    const markdown = notesMarkdown(notes, 'meeting.mp3', wordsIn('zh-CN'));
    expect(markdown).toContain('## 摘要\n');
    expect(markdown).toContain('## 行动项\n');
    expect(markdown).not.toMatch(/Summary|Action items/);
    const xml = strFromU8(unzipSync(await notesDocx(notes, 'meeting.mp3', wordsIn('zh-CN')))['word/document.xml']!);
    expect(xml).toContain('行动项');
    expect(xml).not.toContain('Action items');
  });

  it('write a Word document holding the same items and times', async () => {
    const xml = strFromU8(unzipSync(await notesDocx(notes, 'meeting.mp3', words))['word/document.xml']!);
    for (const text of ['Notes: meeting.mp3', 'Action items', '[1:02:05] ', 'Call the supplier', 'owner: Anna; due: Friday']) expect(xml).toContain(text);
  });
});
