/**
 * The Loading view shown while the current user (and, on day pages, the saved answers) are fetched
 * (docs/requirements.md#routes). A polite live region, so screen readers announce it once.
 */
export function Loading() {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
