import type { TFunction } from 'i18next';
import { showError, showSuccess } from './notices';

/** Copies text to the system clipboard; throws where the browser offers none (insecure origins). */
export async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/** Copies text and says so: `copied` as a success notice, or the copy-failed error. */
export async function copyWithNotice(t: TFunction, text: string, copied: string): Promise<void> {
  try {
    await copyToClipboard(text);
    showSuccess(t, copied);
  } catch {
    showError(t, new Error(t('sharing.copyFailed')));
  }
}
