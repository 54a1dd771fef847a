import { spawn, type ChildProcess } from 'node:child_process';

/** A Helix server of a test's own, which the test stops and starts again: a real outage, not a blocked request. */
export interface OwnServer {
  /** Its origin, e.g. `http://127.0.0.1:41234`: the same across restarts. */
  readonly url: string;
  /** Starts it (again) on the same port and data folder; resolves once `/api/health` answers. */
  start(): Promise<void>;
  /** Stops it (SIGTERM, SIGKILL after 5 s); resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Makes (without starting) the bundled server that `npm start` runs (`dist-server/server.mjs`, built by
 * `npm test` before the browser tests), with a data folder of its own.
 *
 * @param options.port - its port on 127.0.0.1; a fixed one, so the test can set it as `baseURL`
 * @param options.dataDir - its PGlite folder, kept across restarts (remove it in the test's cleanup)
 * @param options.staticDir - the built front end it serves; `dist` unless given (a test's copy to "deploy" into)
 */
export function ownServer(options: { port: number; dataDir: string; staticDir?: string }): OwnServer {
  const { port } = options;
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  return {
    url,
    async start() {
      if (child) throw new Error('The server is already running.');
      child = spawn(process.execPath, ['dist-server/server.mjs'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          STATIC_DIR: options.staticDir ?? 'dist',
          LOG_LEVEL: 'warn',
          JWT_SECRET: 'e2e-only-secret-not-for-production-use-0123456789',
          SIGNUPS_BURST: '100',
        },
      });
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering.`);
        const healthy = await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return;
        if (Date.now() > deadline) throw new Error(`The server did not answer ${url}/api/health within 30 s.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      if (running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
