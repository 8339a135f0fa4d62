/**
 * Browsers revoke nothing by themselves; revoking right after click() cancels the download in some
 * of them (Firefox reads the URL asynchronously), so the object URL lives a little longer.
 */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves downloaded bytes under the given file name. The document call needs the bearer token, so
 * a plain link to /api/document/{id} cannot be used: the bytes are fetched first and handed to the
 * browser as an object URL on a temporary <a download>.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
