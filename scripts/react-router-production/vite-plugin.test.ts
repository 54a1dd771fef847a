import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionBuild, reactRouterProductionEntry } from './vite-plugin.ts';

describe('reactRouterProductionBuild', () => {
  it('sends react-router to its production files, whose development warnings are off', () => {
    const resolveId = reactRouterProductionBuild().resolveId as (source: string) => string | null;
    const entry = resolveId('react-router');
    expect(entry).toBe(reactRouterProductionEntry());
    expect(existsSync(entry!)).toBe(true);
    const chunks = [...readFileSync(entry!, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((match) => readFileSync(entry!.replace('index.mjs', match[1]!), 'utf8'));
    expect(chunks.some((code) => code.includes('ENABLE_DEV_WARNINGS = false'))).toBe(true);
    expect(chunks.some((code) => code.includes('ENABLE_DEV_WARNINGS = true'))).toBe(false);
  });

  it('leaves every other import to Vite', () => {
    const resolveId = reactRouterProductionBuild().resolveId as (source: string) => string | null;
    expect(resolveId('react-router/dom')).toBeNull();
    expect(resolveId('react')).toBeNull();
  });
});
