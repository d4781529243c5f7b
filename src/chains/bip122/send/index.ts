/**
 * Bitcoin sends (issue 33, section 2): pure functions (amount, addresses, fees, sizes, coin
 * selection, PSBT) and a small Esplora client. The flow: `prepareSend` → the wallet signs
 * `psbt` (`signInputs` / `inputsToSign`) → `finalizeSigned` → `broadcast` → `followTransaction`.
 */
export { parseAddress, parsePaymentAddress, type OutputType, type ParsedAddress, type PaymentType } from './address.js';
export { formatBtc, MAX_SATS, parseAmount, SATS_PER_BTC } from './amount.js';
export { loadBtcSigner } from './btc-signer.js';
export { BITCOIN_SEND_CODES, BitcoinSendError, isBitcoinSendError, type BitcoinSendCode, type BitcoinSendFacts } from './errors.js';
export { createEsploraClient, refusalCode, type EsploraClient, type EsploraOptions } from './esplora.js';
export type { TxStatus, Utxo } from './esplora-schemas.js';
export { FEE_SPEEDS, FEE_TARGETS, feeRates, type FeeRates, type FeeSpeed } from './fees.js';
export { followTransaction, type Confirmation, type FollowOptions } from './follow.js';
export { BITCOIN_NETS, NET_NAMES, netOfCaip2, type BitcoinNet } from './networks.js';
export { buildPsbt, finalizeSigned, type BuiltPsbt, type SignedTransaction, type SignInput } from './psbt.js';
export { selectCoins, type Coin, type Selection } from './select.js';
export { broadcast, prepareSend, spendableCoins, type PreparedSend, type SendRequest } from './send.js';
export { DUST_LIMIT, estimateVsize, feeFor } from './size.js';
