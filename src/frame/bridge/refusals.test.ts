import { describe, expect, it } from 'vitest';
import type { FrameRefusalCode } from '../../core/errors/codes.js';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { errorCodeText, errorMessage } from '../../elements/l10n/errors.js';
import { refusalText } from '../../elements/l10n/frame-errors.js';
import { AUTH_ERROR_CODES } from '../../wire/auth-api.js';
import { FRAME_ERROR_TEXT } from '../constants.js';
import { FRAME_REPLY_TEXT, reasonOf } from '../site/texts.js';
import { REFUSAL_CODES, refusalOf } from './refusals.js';

/** Every reason a frame's error reply can name: the backend's codes and the frame's own texts' names. */
const FRAME_REASONS = [...Object.keys(FRAME_ERROR_TEXT), ...Object.keys(FRAME_REPLY_TEXT)].map(reasonOf);
const BY_FIELD = new Set(['INVALID_REQUEST', 'INVALID_PAYLOAD']);
/** The frame's texts that are the spec's words for users (localized like every text); the others are developers'. */
const SAID_AS_IS = new Set<string>([
  'User rejected the request.',
  'The Provider does not support the requested method.',
  'Chain is not supported',
  'This application might not support Smart Accounts',
  'This browser does not support passkeys',
  'Passkey creation cancelled',
  'The passkey was not created',
  'No passkey was used',
  'Request was aborted',
  'Something went wrong',
  'An error occurred',
  'Unable to load email login dependency',
  'W3mFrame: iframe is not set',
]);

describe('frame and auth refusals: one mapping to the user’s words', () => {
  it('gives every backend code and every frame reason its own words', () => {
    for (const reason of [...AUTH_ERROR_CODES, ...FRAME_REASONS, 'SESSION_EXPIRED', 'ABORTED', 'INVALID_PAYLOAD', 'TOO_MANY_PENDING']) {
      if (BY_FIELD.has(reason)) continue;
      expect(REFUSAL_CODES[reason], `no words for ${reason}`).toBeDefined();
      const refusal = refusalOf('ConnectEmail', { message: 'developer text', reason });
      const text = errorCodeText(refusal!.messageCode, 3);
      expect(text, reason).toMatch(/\S/);
      expect(text, reason).not.toBe('developer text');
    }
  });

  it('names no reason that neither side gives (a typo would never match)', () => {
    const given = new Set([...AUTH_ERROR_CODES, ...FRAME_REASONS]);
    for (const reason of Object.keys(REFUSAL_CODES)) expect(given.has(reason), reason).toBe(true);
  });

  it("never shows the frame's developer sentences: 'No e-mail login is pending', 'already your address'", () => {
    for (const [key, message] of [...Object.entries(FRAME_REPLY_TEXT), ...Object.entries(FRAME_ERROR_TEXT)]) {
      const text = errorCodeText(refusalOf('ConnectOtp', { message, reason: reasonOf(key) })!.messageCode, 2);
      // The spec's own texts for users are said as they are (translated like every text).
      if (!SAID_AS_IS.has(message)) expect(text, key).not.toBe(message);
      expect(text, key).not.toMatch(/call \w+ first|Invalid body field|payload|ConnectEmail/);
    }
    expect(errorCodeText(refusalOf('ConnectEmail', { reason: 'DISK_FULL' })!.messageCode)).toBe(
      'The wallet server cannot save anything right now. Please try again later.',
    );
    expect(errorCodeText(refusalOf('ConnectOtp', { reason: 'NO_LOGIN' })!.messageCode)).toBe(
      'This login is no longer in progress. Please start again.',
    );
    // A voided code asks for a new one; a login its ten wrong codes ended asks to start again.
    expect(errorCodeText(refusalOf('ConnectOtp', { reason: 'TOO_MANY_ATTEMPTS' })!.messageCode)).toBe(
      'Too many attempts: request a new code',
    );
    expect(refusalOf('ConnectOtp', { reason: 'ATTEMPTS_ENDED', field: 'otp' })).toEqual({ messageCode: 'AttemptsEnded' });
    expect(errorCodeText(refusalOf('ConnectOtp', { reason: 'ATTEMPTS_ENDED' })!.messageCode)).toBe(
      'Too many wrong codes. Please start again.',
    );
    expect(errorCodeText(refusalOf('UpdateEmail', { reason: 'EMAIL_IS_CURRENT', field: 'email' })!.messageCode)).toBe(
      'This is already your e-mail address',
    );
  });

  it('says a bad e-mail or code field in its own words, any other field in general words', () => {
    expect(refusalOf('ConnectEmail', { reason: 'INVALID_PAYLOAD', field: 'email' })).toEqual({ messageCode: 'EmailInvalid' });
    expect(refusalOf('UpdateEmail', { reason: 'INVALID_REQUEST', field: 'email' })).toEqual({ messageCode: 'EmailInvalid' });
    expect(refusalOf('ConnectOtp', { reason: 'INVALID_PAYLOAD', field: 'otp' })).toEqual({ messageCode: 'CodeInvalid' });
    expect(refusalOf('ConnectOtp', { reason: 'INVALID_REQUEST', field: 'loginId' })).toEqual({ messageCode: 'FrameRefused' });
  });

  it('carries the number the words need: seconds to wait, attempts left', () => {
    const wrong = refusalOf('ConnectOtp', { reason: 'CODE_WRONG', attemptsLeft: 4 })!;
    expect(errorCodeText(wrong.messageCode, wrong.count)).toBe('Invalid code: 4 attempts left');
    expect(refusalText('CodeWrong', 1)).toBe('Invalid code: 1 attempt left');
    const wait = refusalOf('ConnectEmail', { reason: 'MAIL_COOLDOWN', retryAfter: 18 })!;
    expect(errorCodeText(wait.messageCode, wait.count)).toBe('Please try again after 18 seconds');
    const limited = refusalOf('ConnectEmail', { reason: 'RATE_LIMITED', retryAfter: 60 })!;
    expect(errorCodeText(limited.messageCode, limited.count)).toBe('Too many requests. Please try again after 60 seconds.');
    // A number missing from the reply: the words do without it.
    expect(errorCodeText(refusalOf('ConnectEmail', { reason: 'MAIL_COOLDOWN' })!.messageCode)).toBe(
      'Too many requests. Please try again later.',
    );
  });

  it("says an unknown reason in general words, never the frame's message; an RPC reply's unknown failure stays the chain's words", () => {
    const unknown = refusalOf('UpdateEmail', { message: "Invalid body field 'email': nope", reason: 'SOMETHING_NEW' })!;
    expect(unknown).toEqual({ messageCode: 'FrameRefused' });
    expect(refusalOf('ConnectEmail', { message: 'No reason at all' })).toEqual({ messageCode: 'FrameRefused' });
    expect(refusalOf('RpcRequest', { message: 'execution reverted: not enough', code: -32000 })).toBeUndefined();
    expect(refusalOf('RpcRequest', { message: 'User rejected the request.', code: 4001, reason: 'USER_REJECTED' })).toEqual({
      messageCode: 'UserRejectedRequestError',
    });
    const err = new EmbeddedWalletError("Invalid body field 'email': it is already your address", { messageCode: 'FrameRefused' });
    expect(errorMessage(err)).toBe('Something went wrong. Please try again.');
  });

  it('routes every refusal code through errorCodeText', () => {
    const codes = new Set(Object.values(REFUSAL_CODES)).add('EmailInvalid').add('CodeInvalid');
    for (const code of codes)
      if (!code.endsWith('Error') && code !== 'EmailCooldown' && !code.startsWith('Frame') && code !== 'UnknownError')
        expect(errorCodeText(code, 2)).toBe(refusalText(code as FrameRefusalCode, 2));
  });
});
