// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { modelName } from '../../../../renderer/common/names';
import { startI18n, switchLanguage } from '../../../../renderer/i18n';
import { transcriptionRequestSchema } from '../../../../shared/contract/transcription';
import { problemOfIssue } from '../../../../shared/domain/problem';

beforeAll(() => startI18n(Promise.resolve('en')));

// The one place the service's wire names become words (renderer/common/names.ts).
describe("the service's names in the user's words", () => {
  it('names the documented models, and shows any other id as it is', () => {
    expect(['default', 'fast', 'pro', 'speech-1'].map(modelName)).toEqual(['Default', 'Fast', 'Pro', 'Standard transcription']);
    expect(modelName('research-2')).toBe('research-2');
  });

  it('names the models in the UI language, and an unknown id still as it is', async () => {
    await switchLanguage('ja');
    expect(['default', 'fast', 'speech-1', 'research-2'].map(modelName)).toEqual(['デフォルト', '高速', '標準の文字起こし', 'research-2']);
    await switchLanguage('en');
  });

  it('accepts only a listed code (or none) as the transcription language, with a message in words', () => {
    const request = { fileId: 'f', model: 'speech-1', prompt: '', responseFormat: 'text', granularities: [] };
    expect(transcriptionRequestSchema.safeParse({ ...request, language: 'de' }).success).toBe(true);
    expect(transcriptionRequestSchema.safeParse({ ...request, language: '' }).success).toBe(true);
    const refused = transcriptionRequestSchema.safeParse({ ...request, language: 'xx' });
    expect(refused.success).toBe(false);
    expect(problemOfIssue(refused.error?.issues[0])).toEqual({ code: 'transcription_input.language_unknown', values: {} });
  });
});
