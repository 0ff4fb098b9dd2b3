import type { ServerResponse } from 'node:http';

// Every error the fake produces on its own uses OpenAI's envelope, because that is what the
// `openai` client (and the app) parse `code`, `type` and `param` from.
export interface ErrorFields {
  message: string;
  type: string;
  param?: string | null;
  code?: string | null;
}

export function errorBody(fields: ErrorFields) {
  return {
    error: { message: fields.message, type: fields.type, param: fields.param ?? null, code: fields.code ?? null },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, fields: ErrorFields, headers: Record<string, string> = {}): void {
  sendJson(res, status, errorBody(fields), headers);
}

export function badRequest(res: ServerResponse, message: string, param: string | null, code = 'invalid_value'): void {
  sendError(res, 400, { message, type: 'invalid_request_error', param, code });
}

// Default bodies for scripted statuses, shaped like the real service would send them.
function defaultScriptedBody(status: number) {
  if (status === 429) {
    return errorBody({ message: 'Rate limit reached. Please try again later.', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  }
  if (status >= 500) {
    return errorBody({ message: 'The server had an error while processing your request.', type: 'server_error', code: 'server_error' });
  }
  return errorBody({ message: `Scripted error with status ${status}.`, type: 'invalid_request_error', code: 'scripted_error' });
}

/** Answers with a script's status/errorBody/headers: object → JSON, string → text/plain. */
export function sendScriptedError(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  if (typeof body === 'string') {
    res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
    return;
  }
  sendJson(res, status, body === undefined ? defaultScriptedBody(status) : body, headers);
}
