/**
 * An image's `onError` handler that hides it while the file is missing, so no broken-image icon shows
 * (the programme drops its own logo and pictures into the images folder later).
 */
export function hideBrokenImage(event: { currentTarget: HTMLImageElement }): void {
  event.currentTarget.hidden = true;
}
