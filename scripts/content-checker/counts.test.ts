import { describe, expect, it } from 'vitest';
import { findPlanList, readCountChecks } from './counts.ts';
import { parseLesson } from './parse-lesson.ts';
import { formatProblem } from './problem.ts';

describe('the plan list', () => {
  it('is the first list inside <Card title="Today\'s plan">', () => {
    const lesson = parseLesson('test.mdx', "- not this\n\n<Card title=\"Today's plan\">\n\n1. One\n2. Two\n\n- nor this\n\n</Card>\n");
    expect(findPlanList(lesson.tree)?.children).toHaveLength(2);
  });

  it('is the first list under a heading starting "Plan", up to the next heading of its level', () => {
    const lesson = parseLesson('test.mdx', '## Plan for the day\n\nText.\n\n### Steps\n\n- One\n- Two\n- Three\n\n## Next\n\n- Four\n');
    expect(findPlanList(lesson.tree)?.children).toHaveLength(3);
  });

  it('is missing when the heading\'s section has no list', () => {
    const lesson = parseLesson('test.mdx', '## Plan\n\nNo list here.\n\n## Next\n\n- A list too late\n');
    expect(findPlanList(lesson.tree)).toBeUndefined();
  });
});

describe('content/checks.json', () => {
  it('reports every entry that is not a count, with its line', () => {
    const text = JSON.stringify({ days: { '1': [{ what: 'blanks', expected: 13, source: 's', tag: 'BlankChoice' }, { what: 'blanks', expected: '13', source: 's', tag: 'BlankChoice', gallery: 'x' }] }, sections: {} }, null, 2);
    const { checks, problems } = readCountChecks(text, 'content/checks.json');
    expect(checks.days['1']).toHaveLength(1);
    expect(problems.map(formatProblem)).toEqual([
      'content/checks.json:10 "days"."1" count 2: expected { "what": "…", "expected": <whole number>, "source": "…" } with exactly one of "tag", "boundUnder", "planList": true, "gallery", found {"what":"blanks","expected":"13","source":"s","tag":"BlankChoice","gallery":"x"}',
    ]);
  });
});
