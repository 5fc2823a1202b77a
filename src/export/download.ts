/**
 * Saves a Blob as a file through an <a download> and a blob: URL (allowed by the page's CSP; the page
 * itself never navigates). The URL is revoked once the browser has had time to start the download.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
