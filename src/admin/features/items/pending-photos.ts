/**
 * Photos chosen on the new-item form, kept in the browser until the item exists: the form hands
 * them over under the new item's number, and the item's page takes them (once) and uploads them
 * with its usual progress, errors and Retry. In memory only: a reload before the save loses the
 * choice, never a photo already sent.
 */
const pending = new Map<string, File[]>();

export function handOverPhotos(num: string, files: readonly File[]): void {
  if (files.length > 0) pending.set(num, [...files]);
}

/** The photos waiting for item `num`, removed from the waiting list. */
export function takePendingPhotos(num: string): File[] {
  const files = pending.get(num) ?? [];
  pending.delete(num);
  return files;
}
