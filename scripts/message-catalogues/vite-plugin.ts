/**
 * Compiles the app's message catalogues as Vite imports them; tried first: Vite's own JSON import (it
 * hands Lingui uncompiled ICU text) and @lingui/vite-plugin (not installable here). It stands in for @lingui/vite-plugin, which
 * compiles Lingui's own catalogue formats through its CLI and needs the Lingui Babel macro, whose Babel
 * peer range conflicts with this toolchain's; Vite's JSON import alone would hand Lingui uncompiled ICU
 * text, which its production build prints as it is (no placeholders, no plurals).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalogue file: `content/locales/<locale>/<name>.json`. */
export const CATALOGUE_FILE = /\/content\/locales\/[^/]+\/[^/]+\.json$/;

/**
 * A catalogue compiled for Lingui's runtime: each ICU message (`"Saved {time}"`) becomes the form
 * `i18n._` interpolates without a parser (a string when it has no placeholder).
 *
 * @param text - the catalogue file's JSON: a flat object of message id → ICU message
 * @returns the compiled catalogue, as JSON
 * @throws SyntaxError when the file is not JSON; Error naming the id when a message is not an ICU message
 */
export function compileCatalogue(text: string): string {
  const messages = JSON.parse(text) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`message "${id}" must be a text, not ${JSON.stringify(message)}`);
    try {
      compiled[id] = compileMessage(message);
    } catch (error) {
      throw new Error(`message "${id}" is not an ICU message: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return JSON.stringify(compiled);
}

/**
 * Compiles every `content/locales/<locale>/<name>.json` Vite loads ({@link compileCatalogue}), before
 * Vite's JSON plugin turns it into a module: the app imports a catalogue as JSON and gets Lingui's
 * compiled messages (engine/i18n/messages.ts).
 */
export function messageCatalogues(): Plugin {
  return {
    name: 'helix:message-catalogues',
    enforce: 'pre',
    transform: {
      filter: { id: CATALOGUE_FILE },
      handler(code, id) {
        try {
          return { code: compileCatalogue(code), map: null };
        } catch (error) {
          this.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    },
  };
}
