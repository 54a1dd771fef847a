import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of the test server whose network a test can cut and restore. */
export interface CuttableNetwork {
  /** The proxy's origin, e.g. `http://127.0.0.1:41234`: open the app here. */
  readonly url: string;
  /** Drops the network: every open connection is destroyed mid-stream and new ones are reset at once. */
  cut(): void;
  /** Brings the network back. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy on a free loopback port that forwards to `127.0.0.1:targetPort`. Cutting it is a real
 * loss of connectivity as the browser sees it (a reset keep-alive connection, a refused request), unlike
 * `context.setOffline`, which only flips `navigator.onLine` and fails requests before they leave.
 *
 * @param targetPort - the port of the server under test
 */
export async function startCuttableNetwork(targetPort: number): Promise<CuttableNetwork> {
  const sockets = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy has no TCP address.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      isCut = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
