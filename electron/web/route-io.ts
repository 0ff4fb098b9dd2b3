import type { IncomingMessage, ServerResponse } from 'node:http';

/** A plain-text answer from a byte route, with the server's security headers. */
export const text = (response: ServerResponse, status: number, message: string, headers: Record<string, string>) =>
  void response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(message);

/** The launch token a byte route's request carries in `Authorization`. */
export const bearer = (request: IncomingMessage) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * A request's whole body, or null once it passes `limit` (a hostile page cannot make main hold
 * more) or when the request fails on the way (cut off, reset), which no caller can answer anyway.
 * Hand-rolled because raw-body is only a dependency of a dependency here, and this is all we need.
 */
export async function boundedBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const part of request as AsyncIterable<Buffer>) {
      size += part.length;
      if (size > limit) return null;
      parts.push(part);
    }
  } catch {
    return null;
  }
  return Buffer.concat(parts);
}
