import { preloadRoute } from './preload-route.ts';

// Imported first by src/main.tsx, so this runs as soon as the entry chunk has arrived, before React and
// the app are evaluated (about 250 ms on a Chromebook's CPU): the page's own chunks download meanwhile.
// The one module of src/ that runs code when imported (vite.config.ts keeps it).
preloadRoute(window.location.pathname);
