/**
 * The texts of the frame's approval screen (what a request asks, its details, Approve and
 * Reject), in the 20 locales and the pseudo-locale. The host sends its locale in SyncDappData;
 * an unknown or missing one reads English. The translations are in ./approval-texts-*.ts.
 */
import { PSEUDO_LOCALE } from '../../core/locale-tags.js';
import { APPROVAL_TEXTS_EAST_ASIA } from './approval-texts-east-asia.js';
import { APPROVAL_TEXTS_EAST_EUROPE } from './approval-texts-east-europe.js';
import { APPROVAL_TEXTS_EUROPE } from './approval-texts-europe.js';
import { APPROVAL_TEXTS_WEST_ASIA } from './approval-texts-west-asia.js';
import { pickTexts } from './l10n/pick.js';

export const APPROVAL_TEXTS_EN = {
  asksTo: 'asks you to',
  signMessage: 'Sign message',
  approveTransaction: 'Approve transaction',
  approveTransactions: 'Approve {count} transactions',
  hexMessage: 'The message is not text; its bytes:',
  unreadable: 'This is not valid typed data; what was sent:',
  more: '{count} more not shown',
  domain: 'Domain',
  message: 'Message',
  name: 'Name',
  version: 'Version',
  network: 'Network',
  contract: 'Contract',
  to: 'To',
  from: 'From',
  value: 'Value',
  data: 'Data',
  bytes: '{count} bytes',
  action: 'Action',
  sendTokens: 'Send tokens',
  allowSpending: 'Allow spending tokens',
  sendNft: 'Send NFT',
  allowAll: 'Allow control of all your items in this collection',
  revokeAll: 'Remove control of all your items in this collection',
  token: 'Token',
  tokenId: 'Token ID',
  amount: 'Amount',
  units: '{amount} (smallest units)',
  unlimited: 'Unlimited: all your {symbol}, now and later',
  recipient: 'Recipient',
  spender: 'Spender',
  operator: 'Given to',
  newContract: 'New contract',
  fee: 'Network fee',
  feeUnavailable: 'Network fee unavailable',
  instructions: '{count} instructions',
  approve: 'Approve',
  reject: 'Reject',
} as const;

export type ApprovalTexts = { readonly [K in keyof typeof APPROVAL_TEXTS_EN]: string };

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  n: 'ñ',
  c: 'ç',
  s: 'š',
  A: 'Á',
  E: 'É',
  O: 'Ó',
  S: 'Š',
};

/** The pseudo-locale's text: accented and bracketed, `{placeholders}` kept. */
function pseudo(text: string): string {
  return `⟦${text.replace(/\{\w+\}|./g, (part) => (part.length > 1 ? part : (ACCENTS[part] ?? part)))}⟧`;
}

const TEXTS: Record<string, ApprovalTexts> = {
  en: APPROVAL_TEXTS_EN,
  ...APPROVAL_TEXTS_EUROPE,
  ...APPROVAL_TEXTS_EAST_EUROPE,
  ...APPROVAL_TEXTS_WEST_ASIA,
  ...APPROVAL_TEXTS_EAST_ASIA,
  [PSEUDO_LOCALE]: Object.fromEntries(Object.entries(APPROVAL_TEXTS_EN).map(([key, text]) => [key, pseudo(text)])) as ApprovalTexts,
};

/** The texts for `locale` (a tag the host sent), as ./l10n/pick.ts picks them: English when the frame does not speak it. */
export const approvalTexts = (locale: string | undefined): ApprovalTexts => pickTexts(TEXTS, locale);

/** The locales these texts are in (the test checks they are the product's). */
export const APPROVAL_LOCALES = Object.keys(TEXTS);
