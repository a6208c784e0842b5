/** Copies text to the system clipboard; throws where the browser offers none (insecure origins). */
export async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}
