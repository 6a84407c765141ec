/** Hands a blob to the browser's download as `filename`, through an object URL and a clicked `<a download>`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has handed the blob to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
