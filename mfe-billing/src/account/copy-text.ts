/** Selects the text of `node` (an input's value, or an element's text) for the user to copy themselves. */
function selectText(node: Node | null): void {
  if (node instanceof HTMLInputElement) {
    node.select();
    return;
  }
  const selection = window.getSelection();
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies `text` to the clipboard; where there is none (plain HTTP, old browsers) or the browser
 * refuses it, selects `node` instead so the user can copy it. What happened.
 */
export async function copyText(text: string, node: Node | null): Promise<'copied' | 'manual'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    selectText(node);
    return 'manual';
  }
}
