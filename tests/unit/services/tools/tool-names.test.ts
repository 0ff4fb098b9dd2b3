import { describe, expect, it } from 'vitest';
import { FUNCTION_NAME, functionNames } from '../../../../electron/core/services/tools/function-names';

const tool = (serverId: string, name: string, serverName = serverId) => ({ key: `${serverId}/${name}`, serverName, name });

describe('function names for MCP tools', () => {
  it('keeps a unique valid name as it is, both ways', () => {
    const names = functionNames([tool('service', 'get_weather'), tool('service', 'add-numbers')]);
    expect(names.byKey.get('service/get_weather')).toBe('get_weather');
    expect(names.byName.get('get_weather')).toBe('service/get_weather');
    expect(names.byKey.get('service/add-numbers')).toBe('add-numbers');
  });

  it('replaces characters the model does not accept and shortens long names to 64', () => {
    const long = 'x'.repeat(100);
    const names = functionNames([tool('s', 'files.read'), tool('s', 'search notes/ünïcode'), tool('s', long), tool('s', '')]);
    expect(names.byKey.get('s/files.read')).toBe('files_read');
    expect(names.byKey.get('s/search notes/ünïcode')).toBe('search_notes__n_code');
    expect(names.byKey.get(`s/${long}`)).toBe('x'.repeat(64));
    expect(names.byKey.get('s/')).toBe('tool');
    for (const name of names.byName.keys()) expect(name).toMatch(FUNCTION_NAME);
  });

  it('prefixes the server name when two servers share a tool name, and maps each back', () => {
    const names = functionNames([tool('service', 'search', 'Service'), tool('abc', 'search', 'My notes'), tool('abc', 'other', 'My notes')]);
    expect(names.byKey.get('service/search')).toBe('Service_search');
    expect(names.byKey.get('abc/search')).toBe('My_notes_search');
    expect(names.byKey.get('abc/other')).toBe('other');
    expect(names.byName.get('My_notes_search')).toBe('abc/search');
    expect(names.byName.get('Service_search')).toBe('service/search');
  });

  it('numbers names that still collide: same server names, or a prefix equal to another tool name', () => {
    const names = functionNames([tool('a', 'read', 'Files'), tool('b', 'read', 'Files'), tool('c', 'Files_read', 'Other')]);
    expect(new Set(names.byKey.values()).size).toBe(3);
    expect(names.byKey.get('c/Files_read')).toBe('Files_read');
    expect(names.byKey.get('a/read')).toBe('Files_read_2');
    expect(names.byKey.get('b/read')).toBe('Files_read_3');
    for (const [name, key] of names.byName) expect(names.byKey.get(key)).toBe(name);
  });

  it('keeps a numbered name within 64 characters', () => {
    const long = 'y'.repeat(70);
    const names = functionNames([tool('a', long, 'S'), tool('b', long, 'S')]);
    const [first, second] = [names.byKey.get(`a/${long}`)!, names.byKey.get(`b/${long}`)!];
    expect(first).toHaveLength(64);
    expect(second).toHaveLength(64);
    expect(second.endsWith('_2')).toBe(true);
  });

  it('gives the same tools the same names whatever their order', () => {
    const tools = [tool('b', 'read', 'B'), tool('a', 'read', 'A'), tool('a', 'write', 'A')];
    expect([...functionNames(tools).byKey].sort()).toEqual([...functionNames([...tools].reverse()).byKey].sort());
  });
});
