/**
 * The PGlite data-dir lock's own thread, started by `acquireDataDirLock` in ./lock.ts (see there for
 * why it needs a thread, and for how the file is found from source and from the bundled server).
 *
 * On start it takes the lock described by its `workerData` ({@link LockWorkerData}) with
 * proper-lockfile, which then touches the lock directory's mtime on this thread's event loop, and
 * reports to the parent with {@link LockWorkerMessage}s:
 *
 * - `locked` once the lock is held, or `failed` (with proper-lockfile's error code, `ELOCKED` when
 *   another holder kept it fresh for the whole wait) if it could not be taken;
 * - `compromised` if the held lock was removed or taken over;
 * - `released` after the parent posts `'release'` ({@link LockWorkerCommand}) and the lock directory is gone
 *   (also sent when nothing was held, so the parent never waits forever).
 *
 * Importing this file anywhere but in a worker thread throws.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { lock, type LockOptions } from 'proper-lockfile';

/** What the parent passes as `workerData`: plain data only, since functions cannot cross to a thread. */
export interface LockWorkerData {
  /** The path being locked (it need not exist), absolute. */
  file: string;
  /** proper-lockfile's options; `onCompromised` is set here, `fs` is left to proper-lockfile's default. */
  options: Omit<LockOptions, 'onCompromised' | 'fs'>;
}

/** What the thread reports to its parent. `code` is the Node or proper-lockfile error code, when there is one. */
export type LockWorkerMessage =
  | { type: 'locked' }
  | { type: 'failed'; code: string | undefined; message: string }
  | { type: 'compromised'; code: string | undefined; message: string }
  | { type: 'released' };

/** The only message the parent sends: release the lock, then answer `released`. */
export type LockWorkerCommand = 'release';

function describeError(error: unknown): { code: string | undefined; message: string } {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return { code: typeof code === 'string' ? code : undefined, message: error instanceof Error ? error.message : String(error) };
}

function holdLock(port: MessagePort, data: LockWorkerData): void {
  const send = (message: LockWorkerMessage) => port.postMessage(message);
  let release: (() => Promise<void>) | null = null;

  lock(data.file, {
    ...data.options,
    onCompromised: (error) => send({ type: 'compromised', ...describeError(error) }),
  }).then(
    (releaseLock) => {
      release = releaseLock;
      send({ type: 'locked' });
    },
    (error: unknown) => send({ type: 'failed', ...describeError(error) }),
  );

  port.on('message', (message: unknown) => {
    if (message !== ('release' satisfies LockWorkerCommand)) return;
    const done = () => send({ type: 'released' });
    // A compromised lock's release rejects (ERELEASED): it is not ours any more, so there is nothing to remove.
    if (release) release().then(done, done);
    else done();
  });
}

if (isMainThread || parentPort === null) {
  throw new Error('server/db/lock-worker.ts runs only as a worker thread: start it through acquireDataDirLock (server/db/lock.ts).');
}
holdLock(parentPort, workerData as LockWorkerData);
