import { html, nothing } from 'lit';
import type { Transaction, TransactionTransfer } from '../../../wire/blockchain-api.js';
import type { Network } from '../../../wire/networks.js';
import { chainRules } from '../../../chains/registry.js';
import { truncateAddress } from '../../../core/address.js';
import { transactionLink } from '../../../core/explorer.js';
import { DECIMALS } from '../../../core/constants.js';
import { formatAmount, formatFiat } from '../../l10n/format.js';
import { dateGroup, relativeTime } from '../../l10n/time.js';
import type { ActivityState } from '../../../stores/portfolio/activity.js';
import { copyText } from '../../base/clipboard.js';
import { msg, str } from '../../base/localize.js';
import { messageText, viewOnText } from '../../l10n/messages.js';
import { featureIcon } from './feature-icons.js';

/** A transaction's title by its operation type (a function: the texts follow the active locale). */
const operationTitle = (type: Transaction['metadata']['operationType']): string =>
  ({
    send: msg('Sent', { id: 'activity-sent', desc: 'Activity: a transaction that sent assets' }),
    receive: msg('Received', { id: 'activity-received', desc: 'Activity: a transaction that received assets' }),
    mint: msg('Minted', { id: 'activity-minted', desc: 'Activity: a transaction that minted a token' }),
    execute: msg('Executed', { id: 'activity-executed', desc: 'Activity: a contract call' }),
    trade: msg('Swapped', { id: 'activity-swapped', desc: 'Activity: a swap of one token for another' }),
    buy: msg('Bought', { id: 'activity-bought', desc: 'Activity: crypto bought through the on-ramp' }),
  })[type];

/** `1 ETH`, `2,976.5 DUSD`: no sign, no trailing zeros, 3 decimals at most. */
function legText(t: TransactionTransfer): string {
  const fraction = (t.quantity.numeric.split('.')[1] ?? '').replace(/0+$/, '');
  const decimals = Math.min(DECIMALS.transaction, fraction.length);
  return `${formatAmount(t.quantity.numeric, { decimals })} ${t.fungible_info?.symbol ?? ''}`.trim();
}

/** A swap's two legs, when it has them: what went out and what came in. */
function tradeLegs(tx: Transaction): { sold: TransactionTransfer; got: TransactionTransfer } | undefined {
  if (tx.metadata.operationType !== 'trade') return undefined;
  const sold = tx.transfers.find((t) => t.direction === 'out' && t.fungible_info);
  const got = tx.transfers.find((t) => t.direction === 'in' && t.fungible_info);
  return sold && got ? { sold, got } : undefined;
}

/** The row's title: 'Swapped 1 ETH for 2,976 DUSD' for a swap, else its operation ('Sent', 'Bought'…). */
function titleOf(tx: Transaction): string {
  const legs = tradeLegs(tx);
  if (!legs) return operationTitle(tx.metadata.operationType);
  const sold = legText(legs.sold);
  const got = legText(legs.got);
  return msg(str`Swapped ${sold} for ${got}`, { id: 'activity-swapped-legs', desc: 'Activity: a swap, what went out and what came in' });
}

/** The transfer a row shows: a swap's incoming leg, else the first that is not spam. */
const shownTransfer = (tx: Transaction): TransactionTransfer | undefined =>
  tradeLegs(tx)?.got ?? tx.transfers.find((t) => !t.nft_info?.flags.is_spam) ?? tx.transfers[0];

const safeImage = (url: string | undefined) => (url && /^(https?:|data:image\/)/i.test(url) ? url : undefined);

/** `+1.234 ETH` for a fungible (3 decimals, spec section 9); `+1 Demo NFT #3` for an NFT (a count). */
function transferText(t: TransactionTransfer): string {
  const sign = t.direction === 'in' ? '+' : t.direction === 'out' ? '-' : '';
  const what = t.fungible_info?.symbol ?? t.nft_info?.name ?? '';
  const decimals = t.nft_info && !t.fungible_info ? 0 : DECIMALS.transaction;
  return `${sign}${formatAmount(t.quantity.numeric, { decimals })} ${what}`.trim();
}

/** A UTXO chain's transaction (Bitcoin): 'Pending' in the mempool, then its confirmations; nothing for other chains. */
function confirmationsText(confirmations: number | undefined): string | undefined {
  if (confirmations === undefined) return undefined;
  if (confirmations <= 0) return msg('Pending', { id: 'activity-pending', desc: 'Activity: a Bitcoin transaction not in a block yet' });
  if (confirmations === 1)
    return msg('1 confirmation', { id: 'activity-confirmation-one', desc: 'Activity: a Bitcoin transaction in the last block' });
  return msg(str`${confirmations} confirmations`, { id: 'activity-confirmations', desc: "Activity: blocks since the transaction's own" });
}

function rowContent(tx: Transaction, now: number) {
  const confirmations = confirmationsText(tx.metadata.confirmations);
  const transfer = shownTransfer(tx);
  const image = safeImage(transfer?.fungible_info?.icon.url ?? transfer?.nft_info?.content.preview.url);
  const direction = transfer?.direction === 'in' ? 'in' : 'out';
  return html`${image
      ? html`<img class="tile" src=${image} alt="" loading="lazy" />`
      : html`<span class="badge tile" aria-hidden="true">${featureIcon(direction === 'in' ? 'receive' : 'send')}</span>`}
    <span class="grow">
      <span class="title" data-title>${titleOf(tx)}</span>
      <span class="small"
        >${relativeTime(Date.parse(tx.metadata.minedAt), now)}${confirmations
          ? html` · <span data-confirmations=${tx.metadata.confirmations!}>${confirmations}</span>`
          : nothing}</span
      >
    </span>
    <span class="end">
      ${transfer
        ? html`<span class=${`amount ${direction}`} dir="ltr">${transferText(transfer)}</span> ${transfer.value > 0
              ? html`<span class="small" dir="ltr">${formatFiat(transfer.value)}</span>`
              : nothing}`
        : html`<span class="small" data-detail
              >${msg('Contract', { id: 'activity-contract', desc: 'Activity: the contract a transaction called' })}</span
            >
            <span class="amount" data-detail dir="ltr" title=${tx.metadata.sentTo}>${truncateAddress(tx.metadata.sentTo)}</span>`}
    </span>`;
}

/**
 * A row opens its transaction: the explorer's page in a new tab where the network has an
 * explorer, otherwise a button that copies the hash.
 */
function row(tx: Transaction, now: number, network: Network | undefined) {
  const { hash } = tx.metadata;
  const direction = shownTransfer(tx)?.direction === 'in' ? 'in' : 'out';
  const link = transactionLink(network, hash);
  const open = link
    ? html`<a class="open" href=${link.href} target="_blank" rel="noopener noreferrer" title=${viewOnText(link.name)}
        >${rowContent(tx, now)}</a
      >`
    : html`<button
        type="button"
        class="open"
        title=${msg('Copy transaction hash')}
        @click=${() => void copyText(hash, msg('Transaction hash copied'))}
      >
        ${rowContent(tx, now)}
      </button>`;
  return html`<li class="row" data-hash=${hash} data-direction=${direction} data-operation=${tx.metadata.operationType}>${open}</li>`;
}

/**
 * The Activity panel: loading, then 'No activity yet' or the list grouped by date (newest first);
 * on a network of a namespace without the `activity` feature (Solana), a plain note instead;
 * Bitcoin's rows add 'Pending' or their confirmations.
 * While further pages exist a fixed-height slot ends the list; the next page's spinner shows in
 * it, so loading never shifts the rows.
 */
export function renderActivity(state: ActivityState, now: number, network?: Network) {
  // History covers the namespaces with the `activity` feature (EVM, spec 9; Bitcoin, issue 33): say so rather than spin.
  if (network && !chainRules(network.chainNamespace)?.features?.activity)
    return html`<p class="empty" data-activity-unsupported>${msg('Activity is not shown for this network')}</p>`;
  if (state.status === 'idle' || state.status === 'loading') return html`<w3-ui-spinner label=${msg('Loading activity')}></w3-ui-spinner>`;
  if (state.status === 'error') return html`<p class="empty" role="alert">${messageText({ code: 'TRANSACTIONS_FETCH_FAILED' })}</p>`;
  if (state.transactions.length === 0) return html`<p class="empty">${msg('No activity yet')}</p>`;
  const groups = new Map<string, Transaction[]>();
  for (const tx of state.transactions) {
    const title = dateGroup(Date.parse(tx.metadata.minedAt), now);
    groups.set(title, [...(groups.get(title) ?? []), tx]);
  }
  return html`${[...groups].map(
    ([title, list]) =>
      html`<section aria-label=${title}>
        <h3>${title}</h3>
        <ul>
          ${list.map((tx) => row(tx, now, network))}
        </ul>
      </section>`,
  )}
  ${state.next !== null || state.loadingMore
    ? html`<div class="more" data-more>
        ${state.loadingMore ? html`<w3-ui-spinner label=${msg('Loading more activity')}></w3-ui-spinner>` : nothing}
      </div>`
    : nothing}`;
}
