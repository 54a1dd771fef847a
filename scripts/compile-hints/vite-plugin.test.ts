import { describe, expect, it } from 'vitest';
import { COMPILE_ALL_ON_LOAD, withCompileHint } from './vite-plugin.ts';

describe('withCompileHint', () => {
  it('puts the hint on the first line, ahead of what Vite put there', () => {
    const { code } = withCompileHint('const __vite__mapDeps=1;\nexport{};\n');
    expect(code.split('\n')[0]).toBe(COMPILE_ALL_ON_LOAD);
    expect(code.split('\n')[1]).toBe('const __vite__mapDeps=1;');
  });

  it('moves the source map one line down, so every mapped position still points at its source', () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA;AACA' });
    const hinted = withCompileHint('a();\nb();\n', map);
    expect(JSON.parse(hinted.map!)).toEqual({ version: 3, sources: ['a.ts'], names: [], mappings: ';AAAA;AACA' });
  });

  it('leaves a file that has the hint already as it is', () => {
    const once = withCompileHint('a();\n', JSON.stringify({ mappings: 'AAAA' }));
    expect(withCompileHint(once.code, once.map)).toEqual(once);
  });
});
