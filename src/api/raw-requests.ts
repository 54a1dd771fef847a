import { parseJson, toApiError, type ApiClient, type RequestOptions } from './client.ts';

// Requests that need more of the response than its JSON body, made through the client's
// `requestResponse` (auth, refresh and timeout as every call). A module of its own, so the entry chunk
// every student downloads carries none of it (docs/decisions/009-facilitator-console.md).

/**
 * What a conditional GET answered: `not-modified` (304, the caller's copy is current) or `modified`
 * with the parsed JSON body and the new `ETag` (null when the server sent none).
 */
export type ConditionalResponse<T> = { status: 'not-modified'; etag: string } | { status: 'modified'; etag: string | null; body: T };

/** A file downloaded with {@link requestFile}. */
export interface DownloadedFile {
  blob: Blob;
  /** The file name of the `Content-Disposition` header, or null when it names none. */
  filename: string | null;
}

type GetOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/**
 * A GET that may answer 304 Not Modified: sends `If-None-Match: <etag>` when an ETag is given, and
 * returns the new body and `ETag` on a 200, or `not-modified` on a 304.
 *
 * @param etag - the `ETag` of the copy the caller holds, or null for a first load
 * @throws {@link ApiError} on any other non-2xx response, a network failure or a body that is not JSON
 */
export async function requestConditional<T>(client: ApiClient, path: string, etag: string | null, options: GetOptions = {}): Promise<ConditionalResponse<T>> {
  const response = await client.requestResponse(path, { ...options, headers: etag ? { 'If-None-Match': etag } : undefined });
  if (response.status === 304 && etag) return { status: 'not-modified', etag: response.headers.get('ETag') ?? etag };
  if (!response.ok) throw await toApiError(response);
  return { status: 'modified', etag: response.headers.get('ETag'), body: await parseJson<T>(response) };
}

/**
 * A GET of a file that needs the bearer token (a CSV export): the body as a Blob and the file name its
 * `Content-Disposition` gives.
 *
 * @throws {@link ApiError} on any non-2xx response (never an error page saved as the file) or a network failure
 */
export async function requestFile(client: ApiClient, path: string, options: GetOptions = {}): Promise<DownloadedFile> {
  const response = await client.requestResponse(path, { ...options, headers: { Accept: '*/*' } });
  if (!response.ok) throw await toApiError(response);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 6266, percent-encoded)
 * first, else `filename="…"` or a bare `filename=…`.
 *
 * @returns the name, or null when the header is absent or names no file
 */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare?.[1] ?? null;
}
