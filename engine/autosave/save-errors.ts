import type { Answers } from '../schema/types.ts';

/**
 * A save refused because the server's answers moved on since the page's base revision (HTTP 409
 * `revision_conflict`): another tab or device saved in between, or the page never loaded them. Carries
 * what the server holds, so autosave can merge and save again (docs/decisions/005-revisions-and-drafts.md).
 */
export class RevisionConflictError extends Error {
  /** The answers the server holds now. */
  readonly answers: Answers;
  /** Their revision. */
  readonly revision: number;
  /** When they were saved, if the server said. */
  readonly savedAt: Date | null;

  constructor(answers: Answers, revision: number, savedAt: Date | null = null) {
    super(`The saved answers are at revision ${revision}, newer than this page's.`);
    this.name = 'RevisionConflictError';
    this.answers = answers;
    this.revision = revision;
    this.savedAt = savedAt;
  }
}

/**
 * A save that never reached the server: no network, a dropped connection, a request timeout. The save
 * pill then says the answers are kept on this device (issue 6, "Local drafts").
 */
export class OfflineError extends Error {
  constructor(message = 'The server could not be reached.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'OfflineError';
  }
}
