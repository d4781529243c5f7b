/**
 * The frame's texts that are not shown in a locale: the fallback app name and the errors it
 * answers the host with. What a person reads is in the 20 locales: the export, passkey and
 * storage screens' texts in ./l10n, the approval screens' in ./approval-texts.ts.
 */
export const FRAME_TEXTS = {
  appFallbackName: 'This app',
} as const;

/** The errors the frame answers with (spec 6, 8 and the issue), exactly. */
export const FRAME_REPLY_TEXT = {
  userRejected: 'User rejected the request.',
  unsupportedMethod: 'The Provider does not support the requested method.',
  tooManyPending: 'Too many pending requests',
  deviceTimeout: 'The device was not approved in time',
  chainNotSupported: 'Chain is not supported',
  chainNotFound: 'ChainId not found',
  noSmartAccounts: 'This application might not support Smart Accounts',
  notConnected: 'Not connected to email or social',
  noLogin: 'No e-mail login is pending: call ConnectEmail first',
  loginReplaced: 'A newer e-mail login replaced this one',
  serverError: 'The wallet server answered with an error',
  noDeviceShare: 'This device holds no key share: log in again',
  wrongAddress: 'The address is not this wallet',
  keysMismatch: "The rebuilt keys do not match the user's addresses",
  noExport: 'No key export is pending',
  noEmailChange: 'No e-mail change is pending: call UpdateEmail first',
  serverUnreachable: 'Could not reach the wallet server: check your connection and try again',
  noSocialLogin: 'No social login is pending: call GetSocialRedirectUri first',
  noParentOrigin: 'The frame does not know its parent page',
  noFarcasterLogin: 'No Farcaster sign-in is pending: call GetFarcasterUri first',
  farcasterExpired: 'The Farcaster sign-in link expired: get a new one',
  farcasterTimeout: 'The Farcaster sign-in was not approved in time: get a new link',
  passkeysUnsupported: 'This browser does not support passkeys',
  passkeyCancelled: 'Passkey creation cancelled',
  passkeyNotCreated: 'The passkey was not created',
  passkeyNotUsed: 'No passkey was used',
  storageRefused: 'This browser did not let the wallet keep its data',
  passkeyNoPrf: 'This passkey cannot unlock the recovery share: use the passkey you added to this wallet',
} as const;

/** NO_LOGIN for `noLogin`: a text's key as the reason an error reply names (see frameErrorSchema). */
export const reasonOf = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** `template` with each `{name}` replaced. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
