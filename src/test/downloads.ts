/**
 * The files a page test makes the page download. jsdom has no object URLs, so `URL.createObjectURL` is
 * replaced until `restore()` and keeps each Blob it is handed; `text(n)` reads the n-th as UTF-8, its BOM
 * kept (a CSV for Excel starts with one).
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const original = Object.getOwnPropertyDescriptors(URL);
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  return {
    blobs,
    async text(index = 0): Promise<string> {
      const blob = blobs[index];
      if (!blob) throw new Error(`no download number ${index + 1} (${blobs.length} so far)`);
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
    },
    restore: () => Object.defineProperties(URL, original),
  };
}
