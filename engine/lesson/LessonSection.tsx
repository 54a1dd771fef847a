import { Children, cloneElement, createContext, isValidElement, startTransition, useContext, useEffect, useState, type ComponentPropsWithoutRef, type ReactElement } from 'react';

/**
 * How many parts of a lesson (each an h2 and what follows it) render with the page's first render, after
 * its opening (the h1 and what comes before the first h2). Two: measured against none with bench:web, the
 * first text box then arrives with the first paint, and the parts still to come are fewer when the student
 * starts typing (docs/decisions/011-first-visit-javascript.md).
 */
export const EAGER_PARTS = 2;
/** The height held for a part not rendered yet, px: nothing below it moves into view when it arrives. */
export const PENDING_PART_MIN_HEIGHT_PX = 600;

const Nested = createContext(false);

/**
 * True where a lesson must render whole at once, with no part held back: a lesson swapped for its
 * translation while a student reads it, which keeps the part on screen where it was
 * (docs/decisions/023-the-reader-s-language.md). False (the default): the parts arrive one at a time.
 */
export const RenderWholeLesson = createContext(false);

/** The class of a lesson's part (an h2's section inside the h1's): engine/styles.css draws it. */
export const LESSON_PART_CLASS = 'lesson-part';

/**
 * A `<section>` of a lesson, as `remark-sectionize` makes them from the MDX (vite.config.ts): the h1's
 * section holds the whole lesson, and one section per h2 holds each part.
 *
 * The h1's section renders its opening and its first {@link EAGER_PARTS} parts with the page and holds
 * the place of the others ({@link PENDING_PART_MIN_HEIGHT_PX} each, hidden from screen readers), then
 * renders them one at a time, each in a React transition of its own: a transition's render yields to the browser every few
 * milliseconds, and each commit then adds one part's elements, so a long lesson never blocks typing,
 * scrolling or the first paint of the part on screen for hundreds of milliseconds on a Chromebook
 * (docs/decisions/011-first-visit-javascript.md). The parts keep their identity, so nothing rendered
 * first is mounted again. Every other section renders as it is.
 *
 * Each part carries the class {@link LESSON_PART_CLASS}, whose `content-visibility: auto` (engine/styles.css)
 * lets the browser skip the style, layout and paint of a part far from the screen; it stays in the page
 * for find-in-page, screen readers, keyboard focus and the answers form (docs/decisions/020-bench-web-against-a-floor.md).
 */
export function LessonSection({ children, ...props }: ComponentPropsWithoutRef<'section'>) {
  const nested = useContext(Nested);
  const items = Children.toArray(children);
  const isPart = (child: (typeof items)[number]) => isValidElement(child) && child.type === LessonSection;
  const parts = items.filter(isPart).length;
  const whole = useContext(RenderWholeLesson);
  const defers = !nested && !whole && items.some((child) => isValidElement(child) && child.type === 'h1');
  const [rendered, setRendered] = useState(defers ? EAGER_PARTS : Infinity);
  useEffect(() => {
    if (rendered < parts) startTransition(() => setRendered((count) => count + 1));
  }, [rendered, parts]);
  const shown: typeof items = [];
  let part = 0;
  for (const child of items) {
    if (isPart(child)) part += 1;
    const held = isPart(child) && part > rendered;
    if (held) shown.push(<section key={`pending-${part}`} className="lesson-part--pending" aria-hidden="true" style={{ minHeight: PENDING_PART_MIN_HEIGHT_PX }} />);
    else if (defers && isPart(child)) shown.push(cloneElement(child as ReactElement<{ className?: string }>, { className: LESSON_PART_CLASS }));
    else shown.push(child);
  }
  return (
    <Nested.Provider value={true}>
      <section {...props}>{shown}</section>
    </Nested.Provider>
  );
}
