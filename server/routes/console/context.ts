/**
 * What every module of the console's routes is given (server/routes/console/index.ts registers them):
 * the app with TypeBox's type provider, and the services and content the routes read.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Question } from '../../../scripts/questions/questions.ts';
import type { AnswersValidator } from '../../answers/validators.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import type { SessionService } from '../../auth/sessions.ts';
import type { WelcomeMessage } from '../../inbox/messages.ts';
import type { Database } from '../../db/index.ts';
import type { Week } from '../../week.ts';
import type { ConsoleGuards } from './guards.ts';

/** The console's Fastify instance: request and reply types come from the routes' TypeBox schemas. */
export type ConsoleApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** The services and content the console's routes read. */
export interface ConsoleContext {
  db: Database;
  answersValidator: AnswersValidator;
  passwords: PasswordHasher;
  sessions: SessionService;
  /** Who may use which route (server/routes/console/guards.ts). */
  guards: ConsoleGuards;
  /** The published days a facilitator reads, in order, with their titles (`loadWeek`, server/week.ts). */
  week: Week;
  /** A day's questions as its students see them, or null for a day without both files (scripts/questions/questions.ts). */
  questions: (day: number) => Question[] | null;
  /** PUBLIC_URL, the base of the join links' addresses; null or absent: each request's origin (server/public-urls.ts). */
  publicUrl?: string | null;
  /** The welcome messages a new student gets, also one made from a pasted roster; default none. */
  welcomeMessages?: readonly WelcomeMessage[];
}
