/**
 * Hands a file the page already holds to the browser's downloads, under `fileName`: a link to it, clicked once. The
 * address is freed a minute later, long after the browser has taken the file.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
