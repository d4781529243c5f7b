import { showError, showSuccess } from '../../stores/ui/toast.js';

/**
 * Copies `text` and says `copied` (a localized text) in a toast. When the clipboard refuses (no permission, an
 * insecure page), `failed` shows as an error, or without it the text itself, to copy by hand.
 */
export async function copyText(text: string, copied: string, failed?: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess({ code: 'TEXT', text: copied });
  } catch {
    if (failed) showError({ code: 'TEXT', text: failed });
    else showSuccess({ code: 'TEXT', text });
  }
}
