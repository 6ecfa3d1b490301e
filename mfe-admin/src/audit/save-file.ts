/** Hands `text` to the browser as a download named `name`. */
export function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
