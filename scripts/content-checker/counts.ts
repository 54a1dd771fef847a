import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import type { List, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit, EXIT } from 'unist-util-visit';
import { isPlainObject } from '../../engine/schema/index.ts';
import { attributeOf, type Lesson } from './parse-lesson.ts';
import type { ContentProblem } from './problem.ts';
import { isUnder } from './schema-fields.ts';
import type { Binding } from './widget-checks.ts';

/**
 * One count the content must have, as written in `content/checks.json` (docs/requirements.md#constants).
 * Exactly one of `tag`, `boundUnder`, `planList` and `gallery` says what is counted.
 */
export interface CountCheck {
  /** What is counted, in the words of the message: "fill-in blanks", "plan items". */
  what: string;
  /** How many there must be. */
  expected: number;
  /** Where the number comes from, e.g. "docs/requirements.md#constants: Day 1, 13 blanks". */
  source: string;
  /** Count the tags of this name, e.g. `BlankChoice`, `InquiryItem`, `dt` (a vocabulary term). */
  tag?: string;
  /** Count the widgets bound to this field or under it, e.g. `sim.gene1` or `wrap`. */
  boundUnder?: string;
  /** Count the items of the page's plan list (see {@link findPlanList}). */
  planList?: true;
  /** Count the images of the `<ImageGallery>` with this `label`, e.g. "Gene cards". */
  gallery?: string;
}

/** `content/checks.json`: the counts for each day (by number) and each section page (by slug). */
export interface CountChecks {
  days: Record<string, CountCheck[]>;
  sections: Record<string, CountCheck[]>;
}

const SELECTORS = ['tag', 'boundUnder', 'planList', 'gallery'] as const;

/**
 * Reads `content/checks.json`, reporting every entry that is not a {@link CountCheck} (fail fast on
 * configuration: all problems at once, each with its line).
 *
 * @param text - the file's contents
 * @param file - the file as messages name it
 */
export function readCountChecks(text: string, file: string): { checks: CountChecks; problems: ContentProblem[] } {
  const checks: CountChecks = { days: {}, sections: {} };
  const problems: ContentProblem[] = [];
  const tree = parseTree(text);
  const lineOf = (location: JSONPath) => {
    const node = tree ? findNodeAtLocation(tree, location) : undefined;
    return node ? text.slice(0, node.offset).split('\n').length : 1;
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problems.push({ file, line: 1, where: 'counts', expected: 'valid JSON', found: error instanceof Error ? error.message : String(error) });
    return { checks, problems };
  }
  for (const group of ['days', 'sections'] as const) {
    const entries = isPlainObject(data) ? data[group] : undefined;
    if (!isPlainObject(entries)) {
      problems.push({ file, line: 1, where: `"${group}"`, expected: `an object of count lists by ${group === 'days' ? 'day number' : 'section slug'}`, found: JSON.stringify(entries) ?? 'nothing' });
      continue;
    }
    for (const [key, list] of Object.entries(entries)) {
      if (!Array.isArray(list)) {
        problems.push({ file, line: lineOf([group, key]), where: `"${group}"."${key}"`, expected: 'a list of counts', found: JSON.stringify(list) });
        continue;
      }
      checks[group][key] = list.filter((entry: unknown, index) => {
        const selectors = isPlainObject(entry) ? SELECTORS.filter((selector) => entry[selector] !== undefined) : [];
        const sound =
          isPlainObject(entry) &&
          typeof entry.what === 'string' &&
          typeof entry.source === 'string' &&
          Number.isInteger(entry.expected) &&
          selectors.length === 1 &&
          (entry.planList === undefined || entry.planList === true);
        if (!sound) {
          problems.push({
            file,
            line: lineOf([group, key, index]),
            where: `"${group}"."${key}" count ${index + 1}`,
            expected: '{ "what": "…", "expected": <whole number>, "source": "…" } with exactly one of "tag", "boundUnder", "planList": true, "gallery"',
            found: JSON.stringify(entry),
          });
        }
        return sound;
      }) as CountCheck[];
    }
  }
  return { checks, problems };
}

const PLAN_TITLE = /^(today['’]s\s+)?plan\b/i;

/**
 * The page's plan list: the first list (numbered or not) inside a tag whose `title` starts with
 * "Plan" or "Today's plan" (`<Card title="Today's plan">`, as the days write it), or else the first
 * list after a heading whose text starts so, before the next heading of the same or a higher level.
 *
 * @returns the list, or `undefined` when the page has none
 */
export function findPlanList(tree: Root): List | undefined {
  let plan: List | undefined;
  const firstListIn = (nodes: readonly Nodes[]): List | undefined => {
    for (const node of nodes) {
      let found: List | undefined;
      visit(node, 'list', (list) => {
        found = list;
        return EXIT;
      });
      if (found) return found;
    }
    return undefined;
  };
  visit(tree, (node, index, parent) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const title = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'title')?.value;
      if (typeof title === 'string' && PLAN_TITLE.test(title.trim())) plan = firstListIn(node.children);
    } else if (node.type === 'heading' && parent && index !== undefined && PLAN_TITLE.test(toString(node).trim())) {
      const following: Nodes[] = [];
      for (const sibling of parent.children.slice(index + 1)) {
        if (sibling.type === 'heading' && sibling.depth <= node.depth) break;
        following.push(sibling);
      }
      plan = firstListIn(following);
    }
    return plan ? EXIT : undefined;
  });
  return plan;
}

/**
 * Checks one page's counts against its entries in `content/checks.json` (rule 5 of `checkContent`;
 * docs/requirements.md#constants).
 *
 * @param lesson - the parsed page
 * @param checks - its counts
 * @param bindings - the fields its widgets bind (for `boundUnder`)
 */
export function checkCounts(lesson: Lesson, checks: readonly CountCheck[], bindings: readonly Binding[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const check of checks) {
    const expected = `${check.expected} ${check.what} (${check.source})`;
    let subject: string;
    let lines: number[];
    let found: number;
    if (check.tag !== undefined) {
      subject = `<${check.tag}>`;
      lines = lesson.elements.filter((use) => use.tag === check.tag).map((use) => use.line);
      found = lines.length;
    } else if (check.boundUnder !== undefined) {
      const prefix = check.boundUnder;
      subject = `widgets bound under "${prefix}"`;
      lines = bindings.filter((binding) => isUnder(binding.path, prefix)).map((binding) => binding.use.line);
      found = lines.length;
    } else if (check.planList) {
      subject = 'plan list';
      const list = findPlanList(lesson.tree);
      if (!list) {
        problems.push({ file: lesson.file, line: 1, where: subject, expected: `${expected}, in the first list inside <Card title="Today's plan"> or under a heading starting "Plan"`, found: 'no plan list' });
        continue;
      }
      lines = list.children.map((item) => item.position?.start.line ?? 1);
      found = lines.length;
    } else {
      subject = `<ImageGallery label=${JSON.stringify(check.gallery)}>`;
      const gallery = lesson.elements.find((use) => use.tag === 'ImageGallery' && attributeOf(use, 'label') === check.gallery);
      if (!gallery) {
        problems.push({ file: lesson.file, line: 1, where: subject, expected, found: 'no such gallery' });
        continue;
      }
      const images = attributeOf(gallery, 'images');
      found = Array.isArray(images) ? images.length : 0;
      lines = [gallery.line];
    }
    if (found === check.expected) continue;
    // Point at the first one too many, or the last one there is.
    const line = found > check.expected ? (lines[check.expected] ?? lines[0]) : lines[lines.length - 1];
    problems.push({ file: lesson.file, line: line ?? 1, where: subject, expected, found: String(found) });
  }
  return problems;
}
