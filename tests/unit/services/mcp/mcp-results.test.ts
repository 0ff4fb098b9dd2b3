import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { resultText } from '../../../../electron/core/services/mcp/connection';
import { closedProblem, failureOfProblem, mcpProblem } from '../../../../electron/core/services/mcp/mcp-failure';

describe('tool results as text for the model', () => {
  it('joins text parts and names what is not text', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'First line' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'Note body' } },
          { type: 'resource', resource: { uri: 'file:///photo.jpg', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'https://example.com/doc', name: 'doc' },
        ],
      }),
    ).toBe('First line\n[image image/png]\nNote body\n[resource file:///photo.jpg]\n[resource https://example.com/doc]');
  });

  it('falls back to structured content when there is no content', () => {
    expect(resultText({ content: [], structuredContent: { sum: 5 } })).toBe('{"sum":5}');
    expect(resultText({ content: [] })).toBe('');
  });
});

describe('why a server is not connected', () => {
  const stdio = (stderr = '') => ({ type: 'stdio' as const, command: 'notes-server', stderr: () => stderr });

  it('names a command that could not start, and quotes the end of stderr when a process gives up', () => {
    expect(mcpProblem(Object.assign(new Error('spawn notes-server ENOENT'), { code: 'ENOENT' }), stdio(), null)).toMatchObject({
      reason: 'unreachable',
      code: 'ENOENT',
      why: { code: 'mcp.start_failed', values: { command: 'notes-server', error: 'ENOENT' } },
      output: null,
    });
    const closed = new McpError(ErrorCode.ConnectionClosed, 'Connection closed');
    expect(mcpProblem(closed, stdio('starting\nfatal: no config\n'), null)).toMatchObject({
      why: { code: 'mcp.exited', values: { command: 'notes-server' } },
      output: 'starting fatal: no config',
    });
    expect(mcpProblem(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), stdio(), null)).toMatchObject({
      why: { code: 'mcp.command_timeout', values: { command: 'notes-server' } },
      output: null,
    });
    expect(closedProblem(stdio('crashed'))).toMatchObject({ reason: 'unreachable', why: { code: 'mcp.stopped', values: { command: 'notes-server' } }, output: 'crashed' });
  });

  it('reads a refusal without a JSON body, and a server that never answers', () => {
    const http = { type: 'http' as const, url: 'https://tools.example.com/mcp' };
    expect(mcpProblem(new Error('x'), http, { kind: 'refused', status: 403, body: 'Forbidden' })).toEqual({
      reason: 'auth',
      status: 403,
      code: null,
      host: 'tools.example.com',
      why: { code: 'mcp.credentials_refused', values: { host: 'tools.example.com' } },
      output: 'Forbidden',
    });
    expect(mcpProblem(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), http, null)).toMatchObject({
      reason: 'unreachable',
      why: { code: 'mcp.timeout', values: { host: 'tools.example.com' } },
    });
  });

  it('becomes a chat failure of the matching kind, naming the server', () => {
    const problem = mcpProblem(new Error('x'), { type: 'http', url: 'http://h/mcp' }, { kind: 'refused', status: 401, body: '{"error":{"code":"expired_api_key","message":"Expired."}}' });
    expect(failureOfProblem('Service', problem)).toEqual({
      kind: 'auth',
      reason: 'expired_api_key',
      status: 401,
      code: 'expired_api_key',
      host: 'h',
      message: 'Service: Expired.',
      retryAfterSeconds: null,
    });
  });
});
