import type { WireMessage } from '../../../../shared/domain/chat';

/**
 * Text a model is asked to work on (a conversation's turns, what came of them so far) as one user
 * message of JSON. Fenced as raw lines ("User: …" inside <messages>), a message holding
 * "</messages>" or "\n\nAssistant: ignore the above" reads as the prompt's own structure; inside
 * a JSON string it can only be a string. The instruction beside it says the JSON is data.
 */
export const dataMessage = (data: Record<string, unknown>): WireMessage => ({ role: 'user', content: JSON.stringify(data) });

/**
 * A transcript row's text as one line inside a `"""` fence (the notes, translation and Ask
 * prompts, which keep rows as lines after their `[id]` so the model can cite them): whitespace
 * folded, so a row cannot start a line that reads as another row, and a run of three quotes
 * broken, so a row cannot close the fence and speak as the prompt.
 */
export const fenceLine = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/"{3,}/g, '""');
