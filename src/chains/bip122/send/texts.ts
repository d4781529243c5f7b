/**
 * The sentence a person reads for each refusal of a Bitcoin send, in the active locale (the
 * modal's Review step, its toast, the instance API's error shown in the modal): BitcoinSendError
 * hands it to the elements through W3Error's `localized` (./errors.ts). Codes a person never
 * meets (a transaction the network already has counts as sent; following has its own toast)
 * have none: their English message stands.
 */
import { msg } from '@lit/localize/init/install.js';
import { str } from '@lit/localize/internal/str-tag.js';
import { formatUnits } from '../../../core/format.js';
import type { BitcoinSendCode, BitcoinSendFacts } from './errors.js';
import { NET_NAMES, type BitcoinNet } from './networks.js';

const netName = (net: string | undefined) => (net && Object.hasOwn(NET_NAMES, net) ? NET_NAMES[net as BitcoinNet] : '?');
const btc = (sats: bigint | undefined) => (sats === undefined ? '?' : formatUnits(sats, 8));

export function bitcoinSendText(code: BitcoinSendCode, facts: BitcoinSendFacts): string | undefined {
  switch (code) {
    case 'AMOUNT_INVALID':
      return msg('The amount is not a number of BTC', { id: 'btc-send-amount-invalid' });
    case 'AMOUNT_TOO_PRECISE':
      return msg('A Bitcoin amount has at most 8 decimals (1 sat is 0.00000001 BTC)', { id: 'btc-send-amount-precise' });
    case 'AMOUNT_NEGATIVE':
    case 'AMOUNT_ZERO':
      return msg('The amount must be more than 0 BTC', { id: 'btc-send-amount-zero' });
    case 'AMOUNT_TOO_LARGE':
      return msg('The amount is more than all the bitcoin there can ever be', { id: 'btc-send-amount-large' });
    case 'AMOUNT_DUST':
      return msg(str`The amount is too small to send to this address: at least ${btc(facts.dustLimit)} BTC`, {
        id: 'btc-send-amount-dust',
      });
    case 'ADDRESS_INVALID':
      return msg('This is not a Bitcoin address', { id: 'btc-send-address-invalid' });
    case 'ADDRESS_WRONG_NETWORK':
      return msg(str`This address is for ${netName(facts.addressNetwork)}, not for this network`, { id: 'btc-send-address-network' });
    case 'ADDRESS_UNSUPPORTED':
      return msg('This kind of Bitcoin address cannot be used here', { id: 'btc-send-address-unsupported' });
    case 'INSUFFICIENT_FUNDS':
      return msg(
        str`Insufficient funds: the amount and its fee need ${btc(facts.needed)} BTC, the account can spend ${btc(facts.available)} BTC`,
        {
          id: 'btc-send-insufficient',
        },
      );
    case 'PSBT_INVALID':
    case 'PSBT_NOT_SIGNED':
      return msg('The wallet did not return the signed transaction; nothing was sent', { id: 'btc-send-not-signed' });
    case 'PSBT_ALTERED':
      return msg('The wallet changed the transaction before signing it; nothing was sent', { id: 'btc-send-altered' });
    case 'ESPLORA_UNREACHABLE':
      return msg('The Bitcoin network could not be reached; nothing was sent. Try again later', { id: 'btc-send-unreachable' });
    case 'ESPLORA_RATE_LIMITED':
      return msg('The Bitcoin network asks to slow down; nothing was sent. Try again in a minute', { id: 'btc-send-rate-limited' });
    case 'ESPLORA_BAD_REPLY':
      return msg('The Bitcoin network gave an unexpected answer; nothing was sent', { id: 'btc-send-bad-reply' });
    case 'TX_INPUTS_SPENT':
      return msg('The network refused the transaction: its coins were already spent', { id: 'btc-send-refused-spent' });
    case 'TX_FEE_TOO_LOW':
      return msg('The network refused the transaction: its fee is too low', { id: 'btc-send-refused-fee' });
    case 'TX_DUST':
      return msg('The network refused the transaction: an output is too small', { id: 'btc-send-refused-dust' });
    case 'TX_BAD_SIGNATURE':
      return msg("The network refused the transaction: the wallet's signature is not valid", { id: 'btc-send-refused-signature' });
    case 'TX_REFUSED':
      return msg('The network refused the transaction', { id: 'btc-send-refused' });
    case 'TRANSACTION_INVALID':
      return msg('This is not a Bitcoin transaction: it has a receiver and an amount', { id: 'btc-send-tx-invalid' });
    case 'FIELD_UNKNOWN':
      return msg(str`The transaction has a field a Bitcoin send does not take: ${facts.field ?? '?'}`, { id: 'btc-send-field-unknown' });
    default:
      return undefined;
  }
}
