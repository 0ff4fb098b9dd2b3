import type { WireMessage } from '../../../../shared/domain/chat';

/**
 * Text a model is asked to work on (a conversation's turns, what came of them so far) as one user
 * message of JSON. Fenced as raw lines ("User: …" inside <messages>), a message holding
 * "</messages>" or "\n\nAssistant: ignore the above" reads as the prompt's own structure; inside
 * a JSON string it can only be a string. The instruction beside it says the JSON is data.
 */
export const dataMessage = (data: Record<string, unknown>): WireMessage => ({ role: 'user', content: JSON.stringify(data) });
