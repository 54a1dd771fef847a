import type { AnswersSession, SaveOutcome } from '../../engine/index.ts';
import { accessTokenSubject } from '../api/client.ts';
import { getAccessToken, storedProfile } from './tokens.ts';

/**
 * The answers sessions of one signed-in student, one per scope (a day): a page opened again gets the
 * session its previous visit used, with any save still running (docs/decisions/007-one-answers-session.md).
 * It imports no engine code, so the entry chunk of /login stays without it.
 */
export class AnswersSessions {
  readonly #byScope = new Map<string, AnswersSession>();

  /**
   * The session of `scope`, made with `create` the first time.
   * @param scope - one student and one day, e.g. `student-42/day-3`
   */
  get(scope: string, create: () => AnswersSession): AnswersSession {
    let session = this.#byScope.get(scope);
    if (!session) this.#byScope.set(scope, (session = create()));
    return session;
  }

  /** Saves every session's unsaved answers; settles when all have answered. */
  flushAll(): Promise<SaveOutcome[]> {
    return Promise.all([...this.#byScope.values()].map((session) => session.flush()));
  }

  /** True while any session has edits the server has not confirmed, or a save on its way. */
  pending(): boolean {
    return [...this.#byScope.values()].some((session) => {
      const state = session.getState();
      return state.dirty || state.saving;
    });
  }

  /** Stops every session's timers and forgets them (after logout). */
  clear(): void {
    for (const session of this.#byScope.values()) session.pause();
    this.#byScope.clear();
  }
}

/** The signed-in student's sessions. The day page opens them; the auth provider saves them all before logout and clears them after. */
export const answerSessions = new AnswersSessions();

/**
 * The prefix of every key one student's answers use on this device (drafts and the kept copy of the
 * server's answers): `student-{owner}/`. A day's scope adds `day-{n}`.
 */
export function studentScope(owner: string | number): string {
  return `student-${owner}/`;
}

/**
 * Who the answers on this device belong to, for the drafts' scope: the signed-in student's id, from the
 * profile stored at sign-in, or else from the access token's subject (the same id, as a string, so the
 * same scope: a login whose profile is not stored yet opens its day early under the scope the page uses
 * once the profile is in, src/days/open-day.ts); else their username. A second student on the same
 * Chromebook gets another scope, so never sees the first one's drafts.
 */
export function answersOwner(): string | number {
  const profile = storedProfile();
  const { id, username } = typeof profile === 'object' && profile !== null ? (profile as { id?: unknown; username?: unknown }) : {};
  if (typeof id === 'string' || typeof id === 'number') return id;
  const token = getAccessToken();
  const subject = token === null ? null : accessTokenSubject(token);
  if (subject !== null) return subject;
  if (typeof username === 'string' && username) return username;
  return 'anonymous';
}
