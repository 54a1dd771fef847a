/** What the build's virtual modules share under `vite dev`: being made again when the files they come from change. */
import type { ViteDevServer } from 'vite';

/**
 * Under `vite dev`, invalidates the virtual modules `ids` and reloads the page whenever a file is added,
 * removed or changed and `affects(file)` says it changes what they hold.
 *
 * @param server - the dev server (`configureServer`'s argument)
 * @param ids - the modules' resolved ids, e.g. `\0virtual:published-days`
 * @param affects - given the file's absolute path; true when the modules must be made again
 */
export function reloadWhenChanged(server: ViteDevServer, ids: readonly string[], affects: (file: string) => boolean): void {
  const changed = (file: string) => {
    if (!affects(file)) return;
    for (const id of ids) {
      const module = server.moduleGraph.getModuleById(id);
      if (module) server.moduleGraph.invalidateModule(module);
    }
    server.ws.send({ type: 'full-reload' });
  };
  for (const event of ['add', 'unlink', 'change'] as const) server.watcher.on(event, changed);
}
