import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from './check-content.ts';
import { formatProblem } from './problem.ts';

const fixtures = join(import.meta.dirname, 'fixtures');

/** The checker's report on one fixture day (`fixtures/<lesson>/day-1.mdx`), as `npm run check:content` prints it. */
function reportOn(lesson: string): string[] {
  return checkContent({
    root: fixtures,
    days: join(fixtures, lesson),
    schemas: join(fixtures, 'schemas'),
    sections: join(fixtures, 'sections'),
    images: join(fixtures, 'images'),
    checks: join(fixtures, 'checks.json'),
  }).map(formatProblem);
}

describe('the content checker', () => {
  describe('on a sound lesson', () => {
    it('reports nothing: every widget, count, link and image is right', () => {
      expect(reportOn('sound')).toEqual([]);
    });
  });

  describe('when widgets are bound wrongly', () => {
    it('names the file, line, widget, what the schema has and what the lesson says', () => {
      expect(reportOn('broken-bindings')).toEqual([
        'broken-bindings/day-1.mdx:15 <BlankChoice name="blanks.2">: expected a field of schemas/day-1.schema.json, found no field "blanks.2" ("blanks" holds 2 items, numbered 0 to 1)',
        'broken-bindings/day-1.mdx:19 <ResetButton>: expected each field a field of schemas/day-1.schema.json, found no field "pase" (the schema has blanks, pace, essay, order, table, inquiry, wrap, legacy)',
        'broken-bindings/day-1.mdx:21 <FreeText name="essai">: expected a field of schemas/day-1.schema.json, found no field "essai" (the schema has blanks, pace, essay, order, table, inquiry, wrap, legacy)',
        'broken-bindings/day-1.mdx:23 <FreeText name="legacy.notes">: expected a field with an input on the page, found "legacy" marked "x-no-input": true in schemas/day-1.schema.json (remove the mark if the page now asks for it)',
        'broken-bindings/day-1.mdx:31 <AnswersTable name="table">: expected a field no other widget binds, found "table" which holds "table.0.notes", bound by <FreeText name="table.0.notes"> at line 29',
        'broken-bindings/day-1.mdx:52 <ThinkRespond name="inquiry">: expected a text field (type "string") at "inquiry", found an object with fields think',
        'broken-bindings/day-1.mdx:58 <FreeText name="wrap.first">: expected a field no other widget binds, found "wrap.first" already bound by <FreeText name="wrap.first"> at line 56',
        'schemas/day-1.schema.json:14 field "blanks.1": expected a widget in broken-bindings/day-1.mdx bound to it (or "x-no-input": true on the field when the page has no input for it), found none',
        'schemas/day-1.schema.json:22 field "essay": expected a widget in broken-bindings/day-1.mdx bound to it (or "x-no-input": true on the field when the page has no input for it), found none',
        'schemas/day-1.schema.json:27 field "order": expected a widget in broken-bindings/day-1.mdx bound to it (or "x-no-input": true on the field when the page has no input for it), found none',
        'schemas/day-1.schema.json:85 field "wrap.second": expected a widget in broken-bindings/day-1.mdx bound to it (or "x-no-input": true on the field when the page has no input for it), found none',
      ]);
    });
  });

  describe('when props are invalid', () => {
    it('reports option counts, options outside the enum, table columns, missing titles and alt text', () => {
      expect(reportOn('broken-props')).toEqual([
        'broken-props/day-1.mdx:15 <BlankChoice name="blanks.1">: expected 2 options (spec section 2: each blank is a choice of two), found 3: ["genes","sugars","fats"]',
        'broken-props/day-1.mdx:17 <BlankChoice name="pace">: expected option values from the schema\'s enum ("", "slow", "fast"), found "quick"',
        'broken-props/day-1.mdx:23 <FreeText name="order">: expected a text field (type "string") at "order", found an object with fields available, ordered, orderSize',
        'broken-props/day-1.mdx:29 <AnswersTable name="table">: expected column 2 ("group"): option values from the schema\'s enum ("", "a", "b"), found "c"',
        'broken-props/day-1.mdx:29 <AnswersTable name="table">: expected column 3\'s field to be a field of each row (item, group, notes), found "note"',
        'broken-props/day-1.mdx:33 <ImageGallery label="Cards">: expected image 1 to have alt text saying what it shows, found no alt',
        'broken-props/day-1.mdx:39 <EmbedPanel src="https://example.org/video">: expected a title (title="…"), which engine/widgets/embed-panel/EmbedPanel.widget.json requires, found no title',
      ]);
    });
  });

  describe('when a count differs from content/checks.json', () => {
    it('reports the plan list, tags, gallery images and widgets under a field, with the source of each number', () => {
      expect(reportOn('broken-counts')).toEqual([
        'broken-counts/day-1.mdx:8 plan list: expected 3 plan items (fixture spec: plan of 3), found 2',
        'broken-counts/day-1.mdx:16 <BlankChoice>: expected 3 fill-in blanks (fixture spec: 3 blanks), found 2',
        'broken-counts/day-1.mdx:32 <ImageGallery label="Cards">: expected 2 cards (fixture spec: 2 cards), found 1',
        'broken-counts/day-1.mdx:47 <InquiryItem>: expected 2 Inquiry Q and A items (fixture spec: 2 per day), found 3',
      ]);
    });
  });

  describe('when links or images point nowhere', () => {
    it('reports jump links, pages, headings on other pages, PageNav and image files', () => {
      expect(reportOn('broken-links')).toEqual([
        'broken-links/day-1.mdx:27 link [cards](#cards): expected a heading with id "cards" in this file (ids there: day-1--broken-links, blanks, sort-the-table, the-cards, inquiry, wrap-up), found none',
        'broken-links/day-1.mdx:27 link [introduction](/sections/intro#start): expected a heading with id "start" in sections/intro.mdx (ids there: introduction, getting-started), found none',
        'broken-links/day-1.mdx:27 link [Day 2](/sections/day-2): expected a page /sections/<intro | day-1>, found no page "day-2"',
        'broken-links/day-1.mdx:35 <ImageOverlay src="/images/diagrams.svg">: expected the image file images/diagrams.svg, found no such file',
        'broken-links/day-1.mdx:37 image ![A black square](images/diagram.svg): expected an image under /images/ (a file in images) or a full https:// address, found "images/diagram.svg"',
        'broken-links/day-1.mdx:58 <PageNav back="/sections/introduction">: expected a page /sections/<intro | day-1>, found no page "introduction"',
      ]);
    });
  });

  describe('when a tag is unknown, a prop is missing or the front matter is wrong', () => {
    it('names the line and the known tags, the manifest that requires the prop, and what the front matter lacks', () => {
      const report = reportOn('broken-tags');
      expect(report).toContain(
        'broken-tags/day-1.mdx:8 <NoSuchWidget name="essay">: expected a widget tag (known: AnswersTable, AtlasViewer, Banner, BlankChoice, Card, EmbedPanel, FacilitatorTip, FreeText, ImageGallery, ImageOverlay, Inquiry, InquiryItem, InteractiveOverlay, MarkPastes, OrderSteps, PageNav, ResetButton, SaveButton, ThinkRespond), found <NoSuchWidget>, which no *.widget.json declares',
      );
      expect(report).toContain('broken-tags/day-1.mdx:10 <FreeText name="essay">: expected a label (label="…"), which engine/widgets/free-text/FreeText.widget.json requires, found no label');
      expect(report).toContain(
        'broken-tags/day-1.mdx:1 front matter: expected title (and optionally subtitle, published) as docs/authoring.md says, found front matter needs a title, e.g. "title: Gene Regulation" between --- lines at the top',
      );
      expect(report).toContain('broken-tags/day-1.mdx:1 front matter: expected title (and optionally subtitle, published) as docs/authoring.md says, found front matter has an unknown key "colour" (known: title, subtitle, published)');
      expect(report).toContain("broken-tags/day-1.mdx:6 # heading: expected no # heading: the page's heading comes from the front matter's title and subtitle, found a # heading");
    });
  });

  describe('when a lesson is not valid MDX', () => {
    it('reports where the parser stopped, and nothing that follows from the file being unreadable', () => {
      expect(reportOn('broken-mdx')).toEqual(['broken-mdx/day-1.mdx:21 MDX: expected valid MDX, found Expected a closing tag for `<FreeText>`']);
    });
  });

  describe('on section pages', () => {
    it('refuses answer widgets, since a section page has no answers schema', () => {
      const problems = checkContent({
        root: fixtures,
        days: join(fixtures, 'sound'),
        schemas: join(fixtures, 'schemas'),
        sections: join(fixtures, 'broken-sections'),
        images: join(fixtures, 'images'),
      }).map(formatProblem);
      expect(problems).toEqual([
        'broken-sections/welcome.mdx:5 <FreeText name="essay">: expected no answer widgets on a page without an answers schema (only content/days/day-N.mdx have one), found <FreeText>',
        // The sound day links to /sections/intro, which this folder lacks.
        'sound/day-1.mdx:27 link [introduction](/sections/intro#getting-started): expected a page /sections/<welcome | day-1>, found no page "intro"',
        'sound/day-1.mdx:58 <PageNav back="/sections/intro">: expected a page /sections/<welcome | day-1>, found no page "intro"',
      ]);
    });
  });

  describe('when a day and its schema do not pair up', () => {
    it('reports a schema without a lesson', () => {
      const problems = checkContent({ root: fixtures, days: join(fixtures, 'no-such-folder'), schemas: join(fixtures, 'schemas'), images: join(fixtures, 'images') }).map(formatProblem);
      expect(problems).toEqual(['schemas/day-1.schema.json:1 schema: expected its lesson no-such-folder/day-1.mdx, found no such file']);
    });

    it('reports a lesson without a schema', () => {
      const problems = checkContent({ root: fixtures, days: join(fixtures, 'sound'), schemas: join(fixtures, 'no-such-folder'), sections: join(fixtures, 'sections'), images: join(fixtures, 'images') }).map(formatProblem);
      expect(problems).toEqual(['sound/day-1.mdx:1 lesson: expected its answers schema no-such-folder/day-1.schema.json, found no such file']);
    });
  });
});
