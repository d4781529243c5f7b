import { W3Error } from '../../../core/errors/base.js';
import { SOCIAL_ERROR_TEXT } from '../../../frame/constants.js';
import { msg } from '../../base/localize.js';
import { errorMessage } from '../../l10n/errors.js';

/** A social login's failure in the active locale: the three texts of spec 4, else the error's own. */
export function socialErrorText(error: unknown): string {
  const text = error instanceof W3Error ? error.shortMessage : undefined;
  if (text === SOCIAL_ERROR_TEXT.popupClosed) return msg('Popup closed');
  if (text === SOCIAL_ERROR_TEXT.initiate) return msg('Failed to initiate social connection');
  if (text === SOCIAL_ERROR_TEXT.connect) return msg('Failed to connect');
  return errorMessage(error);
}

/** The detail under it (the frame's or the provider's own words: data), if any. */
export const socialErrorDetail = (error: unknown): string | undefined => (error instanceof W3Error ? error.details : undefined);
