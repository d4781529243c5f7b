import { showError, showSuccess } from '../../stores/toast.js';

/**
 * Copies `text` and says `copied` in a toast. When the clipboard refuses (no permission, an
 * insecure page), `failed` shows as an error, or without it the text itself, to copy by hand.
 */
export async function copyText(text: string, copied: string, failed?: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess(copied);
  } catch {
    if (failed) showError(failed);
    else showSuccess(text);
  }
}
