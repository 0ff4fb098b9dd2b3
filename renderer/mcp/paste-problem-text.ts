import type { TFunction } from 'i18next';
import { problemWords } from '../common/problem-text';
import type { FieldIssue, PasteProblem } from './pasted-servers';

/** How a pasted server should look, shown after what is wrong with the whole paste. */
const EXAMPLE = '{"mcpServers": {"notes": {"url": "https://…"}}} or {"notes": {"command": "…", "args": ["…"]}}';

function issueText(t: TFunction<'mcp'>, issue: FieldIssue): string {
  switch (issue.code) {
    case 'fieldText':
      return t('pasted.fieldText', { field: issue.field });
    case 'valuesObject':
      return t('pasted.valuesObject', { field: issue.field });
    case 'headerValueText':
      return t('pasted.headerValueText');
    case 'envValueText':
      return t('pasted.envValueText');
    case 'argsList':
      return t('pasted.argsList');
    case 'argText':
      return t('pasted.argText');
    case 'named':
      return problemWords(issue.problem);
  }
}

/** What is wrong with a pasted JSON, in one sentence of the UI language, naming the server when it has a name. */
export function pasteProblemText(t: TFunction<'mcp'>, problem: PasteProblem): string {
  switch (problem.code) {
    case 'empty':
      return t('pasted.empty', { example: EXAMPLE });
    case 'notJson':
      return t('pasted.notJson', { detail: problem.detail });
    case 'notObject':
      return t('pasted.notObject', { example: EXAMPLE });
    case 'serversNotObject':
      return t('pasted.serversNotObject', { example: EXAMPLE });
    case 'noServer':
      return t('pasted.noServer', { example: EXAMPLE });
    case 'entryNotObject':
      return problem.name ? t('pasted.entryNotObject', { name: problem.name }) : t('pasted.unnamedNotObject');
    case 'entrySse':
      return problem.name ? t('pasted.entrySse', { name: problem.name }) : t('pasted.unnamedSse');
    case 'entryNeither':
      return problem.name ? t('pasted.entryNeither', { name: problem.name }) : t('pasted.unnamedNeither');
    case 'entryField': {
      const issue = issueText(t, problem.issue);
      return problem.name ? t('pasted.entryField', { name: problem.name, issue }) : t('pasted.unnamedField', { issue });
    }
  }
}
