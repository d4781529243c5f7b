import { html, nothing } from 'lit';
import type { Transaction, TransactionTransfer } from '../../../wire/blockchain-api.js';
import { formatDecimal, formatFiat } from '../../../core/format.js';
import { DECIMALS } from '../../../core/constants.js';
import { dateGroup, relativeTime } from '../../../core/relative-time.js';
import { FAILED_TO_FETCH_TRANSACTIONS, type ActivityState } from '../../../stores/activity.js';
import { featureIcon } from './feature-icons.js';

const TITLES: Record<Transaction['metadata']['operationType'], string> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  execute: 'Executed',
};

const safeImage = (url: string | undefined) => (url && /^(https?:|data:image\/)/i.test(url) ? url : undefined);

function transferText(t: TransactionTransfer): string {
  const sign = t.direction === 'in' ? '+' : t.direction === 'out' ? '-' : '';
  const what = t.fungible_info?.symbol ?? t.nft_info?.name ?? '';
  return `${sign}${formatDecimal(t.quantity.numeric, DECIMALS.transaction)} ${what}`.trim();
}

function row(tx: Transaction, now: number) {
  const transfer = tx.transfers.find((t) => !t.nft_info?.flags.is_spam) ?? tx.transfers[0];
  const image = safeImage(transfer?.fungible_info?.icon.url ?? transfer?.nft_info?.content.preview.url);
  const direction = transfer?.direction === 'in' ? 'in' : 'out';
  return html`<li class="row" data-hash=${tx.metadata.hash} data-direction=${direction}>
    ${image
      ? html`<img src=${image} alt="" loading="lazy" />`
      : html`<span class="badge" aria-hidden="true">${featureIcon(direction === 'in' ? 'receive' : 'send')}</span>`}
    <div class="grow">
      <span class="title">${TITLES[tx.metadata.operationType]}</span>
      <span class="small">${relativeTime(Date.parse(tx.metadata.minedAt), now)}</span>
    </div>
    <div class="end">
      ${transfer
        ? html`<span class=${`amount ${direction}`}>${transferText(transfer)}</span> ${transfer.value > 0
              ? html`<span class="small">${formatFiat(transfer.value)}</span>`
              : nothing}`
        : nothing}
    </div>
  </li>`;
}

/** The Activity panel: loading, then 'No activity yet' or the list grouped by date (newest first). */
export function renderActivity(state: ActivityState, now: number) {
  if (state.status === 'idle' || state.status === 'loading') return html`<w3-ui-spinner label="Loading activity"></w3-ui-spinner>`;
  if (state.status === 'error') return html`<p class="empty" role="alert">${FAILED_TO_FETCH_TRANSACTIONS}</p>`;
  if (state.transactions.length === 0) return html`<p class="empty">No activity yet</p>`;
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
          ${list.map((tx) => row(tx, now))}
        </ul>
      </section>`,
  )}
  ${state.loadingMore ? html`<w3-ui-spinner label="Loading more activity"></w3-ui-spinner>` : nothing}`;
}
