/**
 * The facilitator console's API (docs/facilitators.md#api), one module per resource: classes, progress,
 * the roster, answers, questions, the CSV export, messages, feedback on answers, and the admin's routes. Who may call which
 * route is decided in one place, server/routes/console/guards.ts; every route declares its request and
 * response schemas with TypeBox, which type its handler and write the OpenAPI document
 * (docs/decisions/016-console-contract.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { adminRoutes } from './admin.ts';
import { answersRoutes } from './answers.ts';
import { classRoutes } from './classes.ts';
import type { ConsoleContext } from './context.ts';
import { exportRoutes } from './export.ts';
import { feedbackRoutes } from './feedback.ts';
import { consoleGuards } from './guards.ts';
import { messageRoutes } from './messages.ts';
import { progressRoutes } from './progress.ts';
import { questionRoutes } from './questions.ts';
import { rosterRoutes } from './roster.ts';
import { personSchema } from './schemas.ts';

/** What the console's routes are given: their services and content, and the app's `authenticate`, from which the guards are made. */
export type ConsoleRoutesOptions = Omit<ConsoleContext, 'guards'> & {
  /** The app's access token check (server/auth/authenticate.ts). */
  authenticate: onRequestAsyncHookHandler;
};

/**
 * Registers the console's routes and the admin's (a Fastify plugin; register with no prefix). The
 * `person` schema and the `request.staff` decoration stay inside it.
 */
export async function consoleRoutes(untyped: FastifyInstance, options: ConsoleRoutesOptions): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('staff', null);
  app.addSchema(personSchema);
  const { authenticate, ...services } = options;
  const context: ConsoleContext = { ...services, guards: consoleGuards(options.db, authenticate) };
  classRoutes(app, context);
  progressRoutes(app, context);
  rosterRoutes(app, context);
  questionRoutes(app, context);
  answersRoutes(app, context);
  exportRoutes(app, context);
  messageRoutes(app, context);
  feedbackRoutes(app, context);
  adminRoutes(app, context);
}
