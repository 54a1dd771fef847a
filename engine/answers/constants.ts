/** Silent save this long after the last edit, the first edit too (docs/requirements.md#save-state and #constants). */
export const AUTOSAVE_DEBOUNCE_MS = 2_000;
/** Silent save this often while the answers are dirty (docs/requirements.md#save-state and #constants). */
export const AUTOSAVE_INTERVAL_MS = 15_000;
/** First retry after a failed silent save, ms; doubled on each further failure (docs/decisions/005-revisions-and-drafts.md: backoff). */
export const SAVE_RETRY_BASE_MS = 1_000;
/** Longest wait between retries of a failed silent save, ms. */
export const SAVE_RETRY_MAX_MS = 30_000;
/** A save that meets a revision conflict merges and tries again at most this often before giving up until the next trigger. */
export const MAX_CONFLICT_MERGES = 3;
