/** The alerts of spec section 8 (src/stores/alerts.ts codes) as a title and a sentence in the active locale. */
import type { AlertCode } from '../../stores/ui/alerts.js';
import { msg } from '../base/localize.js';

export function alertText(code: AlertCode): { shortMessage: string; longMessage: string } {
  switch (code) {
    case 'NETWORK_NOT_FOUND':
      return { shortMessage: msg('Network Not Found'), longMessage: msg('The network is not one of the networks this app configured.') };
    case 'INVALID_APP_CONFIGURATION':
      return {
        shortMessage: msg('Invalid App Configuration'),
        longMessage: msg('This page is not allowed to use this project, or the project id is invalid.'),
      };
    case 'EMBEDDED_WALLET_LOAD_FAILED':
      return {
        shortMessage: msg('Network Error - Could not load embedded wallet'),
        longMessage: msg('The embedded wallet could not be reached. Check the connection and try again.'),
      };
    case 'EMBEDDED_WALLET_TIMEOUT':
      return { shortMessage: msg('Embedded Wallet Request Timed Out'), longMessage: msg('The embedded wallet did not answer in time.') };
    case 'SESSION_EXPIRED':
      return { shortMessage: msg('Session Expired'), longMessage: msg('Your session expired. Connect again to continue.') };
    case 'PROJECT_ID_NOT_CONFIGURED':
      return { shortMessage: msg('Project ID Not Configured'), longMessage: msg('Set a project id to use the backend.') };
    case 'SERVER_ERROR':
      return { shortMessage: msg('Server Error'), longMessage: msg('The server answered with an error. Try again later.') };
    case 'RATE_LIMITED':
      return { shortMessage: msg('Rate Limited'), longMessage: msg('Too many requests. Wait a moment and try again.') };
    case 'UNVERIFIED_DOMAIN':
      return { shortMessage: msg('Unverified Domain'), longMessage: msg('This domain is not verified for this project.') };
    case 'LOCAL_CONFIGURATION_IGNORED':
      return {
        shortMessage: msg('Local configuration ignored'),
        longMessage: msg("The project's remote configuration overrides some features set in the page's options."),
      };
    case 'SESSION_ONLY_LOGIN':
      return {
        shortMessage: msg('Logged in until you reload'),
        longMessage: msg(
          'This browser does not let the wallet keep your login: it ends when you reload the page. Add a passkey to log in next time without a code.',
        ),
      };
  }
}
