/**
 * The Loading view shown while the current user (and, on day pages, the saved answers) are fetched
 * (docs/requirements.md#routes). A polite live region, so screen readers announce it once.
 *
 * @param screen - a whole page is loading: the footer is left out while it shows (src/styles.css), so
 *   the page that replaces it never moves the footer (a layout shift: the page jumps). Leave it out for a
 *   part of a page (a panel, a form in a card).
 */
export function Loading({ screen = false }: { screen?: boolean }) {
  return (
    <div className={screen ? 'loading loading--screen' : 'loading'} role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
