import type { DownloadedFile } from '../api/raw-requests.ts';

/**
 * Saves a downloaded file through the browser's download (an object URL on a link with `download`),
 * as a link to the API could not send the bearer token.
 *
 * @param fallbackName - the file name when the server named none, e.g. `class-7-all-days.csv`
 */
export function saveFile({ blob, filename }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
