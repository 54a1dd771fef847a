/**
 * What the server does with the body of a request it refuses before reading it
 * (docs/security.md#server-limits): a body over the body limit (413 `body_too_large`), a save with an
 * expired token (401), a body that is not JSON (415), a path that does not exist (404)…
 *
 * Why: an answer sent while the client is still sending, followed by a close, often never reaches the
 * client. The server's kernel resets a connection closed with unread bytes in it, and a client busy
 * uploading then sees EPIPE or ECONNRESET, which it cannot tell from a dropped Wi-Fi: it keeps the
 * answers and retries for ever, and its student is never told why. So the rest of the body is read and
 * thrown away first, up to a cap, and only then does the answer go out. A client that sends
 * `Expect: 100-continue` gets the refusal before it sends the body at all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from './errors.ts';

/** Whether a request announces a body: a `Content-Length` above 0, or `Transfer-Encoding` (chunked). */
function announcesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * Reads and throws away what is left of a request's body, holding on to nothing (memory stays flat
 * however many uploads are refused at once).
 *
 * @param request - the raw request, paused or flowing, possibly piped into a decompressor (unpiped here)
 * @param maxBytes - stop once more than this many bytes were read, counted from this call
 * @param finished - called once: `true` when the body ended within `maxBytes`, `false` when it went past
 *   them or the connection closed first (the request timeout, the client gone)
 */
function discardBody(request: IncomingMessage, maxBytes: number, finished: (ended: boolean) => void): void {
  let read = 0;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) finish(false);
  };
  const onEnd = () => finish(true);
  const onClose = () => finish(false);
  function finish(ended: boolean) {
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('error', onClose);
    request.off('close', onClose);
    finished(ended);
  }
  // A decompressor the body was piped into holds it back once its own buffer is full; nobody reads it now.
  request.unpipe();
  request.on('data', onData);
  request.once('end', onEnd);
  request.once('error', onClose);
  request.once('close', onClose);
  request.resume();
}

/**
 * How long a connection closed after a refusal goes on being read once the answer and the server's FIN
 * are out, in ms: long enough for a client still sending to read the answer, short enough that an upload
 * that never ends costs at most this much more. Apache's lingering close waits 2 s for the same reason.
 */
export const LINGER_MS = 2_000;

/**
 * Sends `Connection: close` with the reply, and closes its connection gently once the reply is out:
 * the server's side is ended (FIN) at once, but what the client still sends is read and thrown away
 * until the client closes its side or {@link LINGER_MS} have passed, and only then is the socket
 * destroyed. Destroyed at once, with the client's bytes still arriving, the kernel would reset the
 * connection, and a client busy sending sees that reset instead of the answer already on its way.
 *
 * Node closes a `Connection: close` response's socket through `socket.destroySoon()` (end, then destroy
 * once the FIN is written); this replaces that method on this one socket.
 */
function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket: Socket | null = reply.raw.socket;
  if (socket === null) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    return this;
  };
}

/** Options of {@link readRefusedBodies}. */
export interface RefusedBodiesOptions {
  /**
   * The most bytes of a refused body read and thrown away before the answer, in bytes
   * (REFUSED_BODY_MAX_BYTES, `server/config.ts`). A body announced longer, or found longer while it is
   * read, is answered at once and its connection closed; with 0 every refusal is.
   */
  maxBytes: number;
}

/**
 * Makes every refusal that comes before the body is read an answer the client can read
 * (docs/security.md#server-limits):
 * - `onSend`: a reply going out while the request's body has not all arrived waits until the rest
 *   of the body has been read and thrown away, at most `maxBytes` of it; then it is sent. A body
 *   announced (`Content-Length`) or found longer than that is answered at once with
 *   `Connection: close`, as is a request still waiting for `100 Continue`; the connection is then read
 *   for up to {@link LINGER_MS} more before it is destroyed, so the client reads the answer. A request that does not
 *   arrive within REQUEST_TIMEOUT_MS meanwhile gets Node's 408 (`handleClientError`) and its socket is closed.
 * - `checkContinue` and `preParsing`: a request with `Expect: 100-continue` goes through every
 *   `onRequest` hook (authentication) first, and gets `100 Continue` only when its body is about to
 *   be read: a refusal (401, or 413 `body_too_large` when its `Content-Length` is over the route's
 *   body limit) is answered before the client sends the body, and Node closes that connection.
 *
 * Register it before the routes. Costs nothing on requests whose body was read (nearly all): one
 * property check in `onSend`.
 *
 * @param app - the application, not yet listening (its `server` gets a `checkContinue` listener)
 * @example
 * readRefusedBodies(app, { maxBytes: config.refusedBodyMaxBytes ?? REFUSED_BODY_MAX_BYTES });
 */
export function readRefusedBodies(app: FastifyInstance, { maxBytes }: RefusedBodiesOptions): void {
  /** Requests with `Expect: 100-continue` that have not been told to go on: their clients hold the body back. */
  const awaitingContinue = new WeakSet<IncomingMessage>();

  // Without a listener Node sends 100 Continue at once, before any hook could refuse the request.
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    awaitingContinue.add(request);
    app.server.emit('request', request, response);
  });

  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    if (awaitingContinue.has(raw)) {
      if (Number(raw.headers['content-length']) > request.routeOptions.bodyLimit) {
        done(new HttpError('body_too_large'));
        return;
      }
      awaitingContinue.delete(raw);
      reply.raw.writeContinue();
    }
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed || !announcesBody(raw)) {
      done(null, payload);
      return;
    }
    // A client still waiting for 100 Continue sends no body (Node closes its connection after the answer),
    // and a body announced past the cap is not worth reading: both are answered at once.
    if (awaitingContinue.has(raw) || !(Number(raw.headers['content-length'] ?? 0) <= maxBytes)) {
      closeAfterReply(reply);
      done(null, payload);
      return;
    }
    discardBody(raw, maxBytes, (ended) => {
      if (!ended) closeAfterReply(reply);
      done(null, payload);
    });
  });
}
