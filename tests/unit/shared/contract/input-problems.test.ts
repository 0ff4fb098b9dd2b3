import { describe, expect, it } from 'vitest';
import { conversationsArea } from '../../../../shared/contract/conversations';
import { DEFAULT_JOB_REQUEST } from '../../../../shared/contract/jobs';
import { serverInputSchema } from '../../../../shared/contract/mcp';
import { settingsArea } from '../../../../shared/contract/settings';
import { editIntentSchema, findOptionsSchema } from '../../../../shared/contract/transcriptEditor';
import { problemOfIssue } from '../../../../shared/domain/problem';

// What main refuses a payload with reaches the page as the first issue's problem (electron/core/router.ts).
const problemOf = (schema: { safeParse(value: unknown): { error?: { issues: Parameters<typeof problemOfIssue>[0][] } } }, value: unknown) =>
  problemOfIssue(schema.safeParse(value).error?.issues[0]);

describe('input the contract refuses names its problem as a code and values, never in English', () => {
  it.each([
    ['a speaker named with nothing', editIntentSchema, { type: 'speaker', block: 0, speaker: { name: '   ' } }, 'editor_input.speaker_name_missing', {}],
    ['a speaker name over 80 characters', editIntentSchema, { type: 'renameSpeaker', speaker: 's1', name: 'n'.repeat(81) }, 'editor_input.speaker_name_too_long', { max: 80 }],
    ['nothing to find', findOptionsSchema, { find: '', caseSensitive: false, wholeWord: false }, 'editor_input.find_missing', {}],
    ['a find over 500 characters', findOptionsSchema, { find: 'f'.repeat(501), caseSensitive: false, wholeWord: false }, 'editor_input.find_too_long', { max: 500 }],
    ['a replacement over 500 characters', editIntentSchema, { type: 'replaceAll', find: 'a', caseSensitive: false, wholeWord: false, replace: 'r'.repeat(501) }, 'editor_input.replace_too_long', { max: 500 }],
    ['a glossary over 1,000 characters', settingsArea.setTranscriptionDefaults.input, { request: { ...DEFAULT_JOB_REQUEST, glossary: 'g'.repeat(1001) } }, 'transcription_input.glossary_too_long', { max: 1000 }],
    ['an empty message', conversationsArea.send.input, { conversationId: null, text: ' \n ' }, 'conversation_input.message_missing', {}],
    ['a server without a name', serverInputSchema, { name: ' ', transport: { type: 'stdio', command: 'x' } }, 'mcp_input.name_missing', {}],
    ['a header given twice', serverInputSchema, { name: 'n', transport: { type: 'http', url: 'https://x.example/mcp', headers: [{ name: 'X-A' }, { name: 'x-a' }] } }, 'mcp_input.header_repeated', {}],
    ['a header name with a space', serverInputSchema, { name: 'n', transport: { type: 'http', url: 'https://x.example/mcp', headers: [{ name: 'X A' }] } }, 'mcp_input.header_name', { example: 'X-Api-Key' }],
  ])('%s', (_what, schema, value, code, values) => {
    expect(problemOf(schema, value)).toEqual({ code, values });
  });
});
