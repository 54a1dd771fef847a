/** Silent save this long after the last edit, the first edit too (spec section 4, "Save state"; section 9). */
export const AUTOSAVE_DEBOUNCE_MS = 2_000;
/** Silent save this often while the answers are dirty (spec section 4, "Save state"; section 9). */
export const AUTOSAVE_INTERVAL_MS = 15_000;
