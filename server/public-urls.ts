/**
 * Absolute URLs in API responses, so a front end on another host shows the workbooks' images
 * (docs/decisions/006-clients-built-from-the-api-contract.md, "Portable responses").
 */
import type { FastifyRequest } from 'fastify';

/**
 * The base that root-relative URLs are resolved against: PUBLIC_URL when set, else the request's own
 * origin (`request.protocol` and `request.host`, which come from `X-Forwarded-*` only behind a proxy
 * named by TRUST_PROXY).
 *
 * @param publicUrl - the configured PUBLIC_URL without a trailing slash, or null
 * @returns e.g. `https://helix.example.org` or `http://127.0.0.1:3000`, never ending in `/`
 */
export function publicBase(request: FastifyRequest, publicUrl: string | null | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * A root-relative URL (`/images/x.svg`) made absolute against `base`; any other URL (absolute,
 * protocol-relative `//host/…`, relative `x.svg`, `#anchor`, empty) is returned unchanged.
 *
 * @example absoluteUrl('/images/lac-operon.svg', 'https://helix.example.org') // 'https://helix.example.org/images/lac-operon.svg'
 */
export function absoluteUrl(url: string, base: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}

/**
 * Sanitised HTML (server/markdown/markdown.ts) with every root-relative `src` (an image's address)
 * made absolute against `base`. Links (`href`) stay as they are: they name the app's pages, such as
 * `/sections/day-2`, which a front end built from the same routes serves itself. Only tags are
 * rewritten, never text: the sanitiser's serialiser (rehype-stringify) escapes `<` in text and `"` in
 * attribute values, whose quotes are always double. So a match of `<` and a letter starts inside a tag,
 * runs no further than that tag's end, and a `src="` within it is a real attribute, never a value's
 * or the text's (a `<` or `>` inside a value can only cut a match short or start one in the same tag).
 *
 * @param html - sanitised HTML
 * @param base - from {@link publicBase}
 */
export function absoluteHtmlUrls(html: string, base: string): string {
  return html.replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(/(\ssrc=")(\/(?!\/)[^"]*)"/g, (_match, attribute: string, url: string) => `${attribute}${base}${url}"`));
}
