/**
 * The words of the embedded wallet's refusals (FrameRefusalCode): what the frame or its backend
 * refused, and the e-mail forms' own checks, in the active locale. `count` is the number the
 * words need (seconds to wait, attempts left); without one the words do without it.
 */
import type { FrameRefusalCode } from '../../core/errors/codes.js';
import { msg, str } from '../base/localize.js';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function refusalText(code: FrameRefusalCode, count?: unknown): string {
  switch (code) {
    case 'FrameRefused':
      return msg('Something went wrong. Please try again.');
    case 'EmailInvalid':
      return msg('Enter a valid e-mail address, like name@example.com');
    case 'EmailIsCurrent':
      return msg('This is already your e-mail address');
    case 'EmailTaken':
      return msg('This e-mail address belongs to another account');
    case 'NoEmailAddress':
      return msg('This account has no e-mail address to send a code to');
    case 'LoginNotPending':
      return msg('This login is no longer in progress. Please start again.');
    case 'RequestGone':
      return msg('This request has expired. Please start again.');
    case 'DeviceNotApproved':
      return msg('Approve this device with the link in the e-mail first');
    case 'DeviceTimeout':
      return msg('The device was not approved in time. Please start again.');
    case 'CodeInvalid':
      return msg('Enter the 6-digit code from the e-mail');
    case 'CodeNotSent':
      return msg('No code was sent yet. Request a new code.');
    case 'CodeWrong':
      if (!isCount(count)) return msg('Invalid code');
      return count === 1 ? msg('Invalid code: 1 attempt left') : msg(str`Invalid code: ${count} attempts left`);
    case 'CodeExpired':
      return msg('Code expired: request a new code');
    case 'TooManyAttempts':
      return msg('Too many attempts: request a new code');
    case 'AttemptsEnded':
      return msg('Too many wrong codes. Please start again.');
    case 'RateLimited':
      return isCount(count)
        ? msg(str`Too many requests. Please try again after ${count} seconds.`)
        : msg('Too many requests. Please try again later.');
    case 'MailLimit':
      return msg('Too many e-mails went to this address in the last hour. Please try again later.');
    case 'ServerFull':
      return msg('The wallet server cannot save anything right now. Please try again later.');
    case 'MailNotConfigured':
      return msg('E-mail login is not available on this site right now');
    case 'MailNotSent':
      return msg('The e-mail could not be sent. Please try again.');
    case 'UnknownProject':
      return msg('This site is not set up for wallet login');
    case 'SessionExpired':
      return msg('Session Expired');
    case 'NoKeys':
      return msg('This wallet has no keys to export yet');
    case 'ServerUnreachable':
      return msg('Could not reach the wallet server. Check your connection and try again.');
    case 'NotLoggedIn':
      return msg('You are not logged in. Please log in again.');
    case 'NoDeviceShare':
      return msg('This device cannot open your wallet. Please log in again.');
    case 'NoSmartAccounts':
      return msg('This application might not support Smart Accounts');
    case 'FarcasterExpired':
      return msg('The sign-in link expired. Please start again.');
    case 'FrameStorageRefused':
      return msg('This browser did not let the wallet keep its data. Reload the page and log in again.');
    case 'FarcasterTimeout':
      return msg('The sign-in was not approved in time. Please start again.');
    case 'PasskeysUnsupported':
      return msg('This browser does not support passkeys');
    case 'PasskeyCancelled':
      return msg('Passkey creation cancelled');
    case 'PasskeyNotCreated':
      return msg('The passkey was not created');
    case 'PasskeyNotUsed':
      return msg('No passkey was used');
    case 'PasskeyNoPrf':
      return msg('This passkey cannot unlock your wallet. Use the passkey you added to this wallet.');
    case 'TooManyPending':
      return msg('Too many requests are waiting. Please try again.');
  }
}
