/**
 * A clean shutdown on SIGTERM or SIGINT (server/index.ts): stop accepting connections, answer every
 * request already sent, close the app and the database, exit, all within SHUTDOWN_TIMEOUT_MS.
 *
 * Why not plain `app.close()`: Node's `server.close()` destroys the connections idle at that instant,
 * and a client may have just written its next request on one of them, which it then sees reset. A
 * kept-alive connection whose request was in flight is answered with `Connection: keep-alive` and then
 * left open until KEEP_ALIVE_TIMEOUT_MS (72 s), so `close()` would wait that long. And Fastify's own
 * answer to a request arriving while it closes is a 503 whose body is not the API's `{"detail", "code"}`.
 *
 * So here, from the signal on:
 * 1. the listening socket is closed, so that a new connection is refused (never accepted), but only
 *    after a quiet turn of the event loop that accepted no connection ({@link afterQuietTurn}): closing
 *    it resets the connections the kernel has completed but Node has not yet accepted, requests sent and
 *    all, and those wait there for as long as the loop is busy (PGlite runs its queries on this thread;
 *    on 2 loaded cores we saw them wait over a second). Until then every answer keeps its connection
 *    alive, so that no client opens a new connection that would land in that queue; after
 *    {@link LISTEN_CLOSE_MAX_WAIT_MS} with no such turn it is closed anyway;
 * 2. from then on too, every response not yet started, and every request arriving on an open
 *    connection, is answered as usual with `Connection: close`, so each client drops its connection
 *    after its answer;
 * 3. every {@link IDLE_SWEEP_MS}, a connection is closed once it has been idle for {@link IDLE_GRACE_MS}
 *    since the listening socket closed or since its last answer, whichever is later: no request in
 *    flight on it and not a byte received since its last answer (so never one whose next request is
 *    arriving), checked right after a quiet turn of the loop ({@link afterQuietTurn}) so that what the
 *    sockets received has been read. A client whose connection was just closed after its answer sends
 *    its next request on another of its open connections; the grace lets that request arrive and be
 *    answered rather than find the connection reset (TCP cannot tell a client sooner that a connection
 *    is closing);
 * 4. once no connection is left, `app.close()` runs the app's `onClose` hooks and the database is
 *    closed (the PGlite lock released), and the process exits with status 0.
 * Past the deadline it exits with status 1 whatever is still open: what was in flight is cut as in a
 * crash, which loses no acknowledged save (docs/decisions/004-durability.md).
 */
import type { ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long a connection must have been idle, since the listening socket closed or since its last
 * answer, before the shutdown closes it, ms: 1 s, time for a client with a request to send to send it
 * on a connection it holds (it is answered, with `Connection: close`), even on a busy machine. At most
 * half the shutdown's deadline.
 */
export const IDLE_GRACE_MS = 1_000;

/** How often the shutdown looks for connections idle long enough to close, ms. */
export const IDLE_SWEEP_MS = 100;

/** A turn of the event loop shorter than this, ms, is quiet: its poll phase read all there was, at once. */
export const QUIET_TURN_MS = 2;

/** The longest the listening socket stays open after the signal, waiting for a quiet turn, ms: at most a quarter of the deadline. */
export const LISTEN_CLOSE_MAX_WAIT_MS = 1_000;

/**
 * Runs `task` from the check phase (setImmediate) of the first turn of the event loop, after the
 * current one, that took under {@link QUIET_TURN_MS} and in which `busy()` stayed false: the poll phase
 * before it has just read what the sockets received and found nothing to accept, and nothing ran long
 * enough since for more to arrive unseen. At the latest after `maxWaitMs` (a loop that never goes quiet).
 *
 * @param task - what to run
 * @param maxWaitMs - the longest wait, ms
 * @param busy - whether the turn just ended did something that makes it not quiet; called once per turn,
 *   it should then forget it (e.g. "accepted a connection since the last call")
 */
function afterQuietTurn(task: () => void, maxWaitMs: number, busy: () => boolean = () => false): void {
  const startedAt = performance.now();
  setImmediate(() => {
    busy();
    let previous = performance.now();
    const next = () => {
      const now = performance.now();
      const quiet = !busy() && now - previous < QUIET_TURN_MS;
      if (quiet || now - startedAt >= maxWaitMs) return task();
      previous = now;
      setImmediate(next);
    };
    setImmediate(next);
  });
}

/** What the shutdown knows of one open connection. */
interface Connection {
  /** Requests on it not yet answered (more than 1 only when a client pipelines). */
  inFlight: number;
  /** When its last answer ended, or it opened, ms (`performance.now()`). */
  idleSince: number;
  /** `socket.bytesRead` then: more since means a request is arriving. */
  bytesReadWhenIdle: number;
}

export interface GracefulShutdownOptions {
  /** The longest the shutdown may take, from the signal to the exit, ms (SHUTDOWN_TIMEOUT_MS, server/config.ts). */
  timeoutMs: number;
  /** Closes the database once the app is closed (e.g. `OpenedDatabase.close`). */
  closeDatabase: () => Promise<void>;
  /** How long an idle connection stays open after the listening socket closed or its last answer, ms; default {@link IDLE_GRACE_MS}, capped at half of `timeoutMs`. */
  idleGraceMs?: number;
  /** Ends the process with a status: 0 when closed cleanly, 1 when the deadline passed or closing failed. Default `process.exit`. */
  exit?: (code: number) => void;
}

/**
 * Prepares the clean shutdown of an app that is about to listen. Call it before `listen()`: from then
 * on the app's HTTP server keeps count of its connections and of the requests in flight on each.
 *
 * @param app - the built app (server/app.ts), not yet listening
 * @returns `shutdown(signal)`, to call on SIGTERM and SIGINT. It resolves once `exit` has been called;
 *   it never rejects (a failure to close is logged and exits with status 1). A second call while the
 *   first runs only logs: npm forwards the terminal's Ctrl-C to a server that got it already.
 * @example
 * const shutdown = addGracefulShutdown(app, { timeoutMs: 10_000, closeDatabase: () => opened.close() });
 * process.on('SIGTERM', (signal) => void shutdown(signal));
 */
export function addGracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions): (signal: NodeJS.Signals) => Promise<void> {
  const { timeoutMs, closeDatabase, exit = (code: number) => process.exit(code) } = options;
  const idleGraceMs = Math.min(options.idleGraceMs ?? IDLE_GRACE_MS, Math.floor(timeoutMs / 2));
  const server = app.server;
  const connections = new Map<Socket, Connection>();
  const inFlight = new Set<ServerResponse>();
  /** Since the listening socket closed: every answer closes its connection. */
  let draining = false;
  let drainStartedAt = 0;
  /** After the listening socket closed: requests answered and idle connections closed. */
  const counts = { answered: 0, closedIdle: 0 };

  let acceptedSinceAsked = false;
  const acceptedSince = () => {
    const accepted = acceptedSinceAsked;
    acceptedSinceAsked = false;
    return accepted;
  };
  server.on('connection', (socket: Socket) => {
    acceptedSinceAsked = true;
    connections.set(socket, { inFlight: 0, idleSince: performance.now(), bytesReadWhenIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Prepended, so it runs before Fastify's own listener can start the answer.
  server.prependListener('request', (request, response: ServerResponse) => {
    if (draining) response.setHeader('connection', 'close');
    const connection = connections.get(request.socket);
    if (connection === undefined) return;
    connection.inFlight += 1;
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (draining) counts.answered += 1;
      connection.inFlight -= 1;
      connection.idleSince = performance.now();
      connection.bytesReadWhenIdle = request.socket.bytesRead;
    });
  });

  /** Closes the connections idle for the whole grace; see the file's comment, step 3. */
  function closeIdleConnections(): void {
    const now = performance.now();
    for (const [socket, connection] of connections) {
      const idleMs = now - Math.max(connection.idleSince, drainStartedAt);
      if (connection.inFlight === 0 && socket.bytesRead === connection.bytesReadWhenIdle && idleMs >= idleGraceMs) {
        counts.closedIdle += 1;
        socket.destroy();
      }
    }
  }

  let started = false;
  return async function shutdown(signal) {
    if (started) {
      app.log.info(`${signal}: already shutting down`);
      return;
    }
    started = true;
    const startedAt = performance.now();
    let stoppedListeningAfterMs = 0;
    const deadline = setTimeout(() => {
      app.log.error({ inFlight: inFlight.size }, `shutdown: SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms) passed, exiting with requests unanswered`);
      exit(1);
    }, timeoutMs);
    app.log.info({ inFlight: inFlight.size, connections: connections.size, timeoutMs }, `${signal}: shutting down: answering the requests in flight`);

    // Steps 1 and 2. net.Server's close stops accepting and keeps the open connections (http.Server's
    // would also destroy the idle ones at once); its callback runs once the last connection has closed.
    const drained = new Promise<void>((resolve) =>
      afterQuietTurn(
        () => {
          NetServer.prototype.close.call(server, () => resolve());
          draining = true;
          drainStartedAt = performance.now();
          stoppedListeningAfterMs = Math.round(drainStartedAt - startedAt);
          for (const response of inFlight) {
            if (!response.headersSent) response.setHeader('connection', 'close');
          }
        },
        Math.min(LISTEN_CLOSE_MAX_WAIT_MS, Math.floor(timeoutMs / 4)),
        acceptedSince,
      ),
    );
    // Step 3.
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping || !draining) return;
      sweeping = true;
      afterQuietTurn(() => {
        sweeping = false;
        closeIdleConnections();
      }, IDLE_SWEEP_MS);
    }, IDLE_SWEEP_MS);
    await drained;
    clearInterval(sweep);

    try {
      await app.close();
      await closeDatabase();
    } catch (error) {
      clearTimeout(deadline);
      app.log.error({ err: error }, 'shutdown: closing the app or the database failed');
      exit(1);
      return;
    }
    clearTimeout(deadline);
    app.log.info({ ...counts, stoppedListeningAfterMs }, `shutdown: closed cleanly in ${Math.round(performance.now() - startedAt)} ms`);
    exit(0);
  };
}
