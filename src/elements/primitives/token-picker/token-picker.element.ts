import { html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { baseStyles } from '../../styles/theme.js';
import { tokenPickerStyles } from './token-picker.styles.js';

/** A token the picker offers: `balance` is the formatted amount held (absent or empty when none). */
export interface PickerToken {
  id: string;
  symbol: string;
  name: string;
  /** Its logo (an http(s) or data image URL), else a disc with its first letter. */
  logo?: string | undefined;
  balance?: string | undefined;
}

const caret = svg`<svg class="caret" viewBox="0 0 12 12" fill="none" stroke="currentColor" stroke-width="1.6" aria-hidden="true"><path d="M3 4.5l3 3 3-3"/></svg>`;
const safeLogo = (url: string | undefined) => (url && /^(https?:|data:image\/)/i.test(url) ? url : undefined);

/** Whether `token` matches the search `query` (symbol, name or address, any case). */
export const pickerMatches = (token: PickerToken, query: string): boolean => {
  const q = query.trim().toLowerCase();
  return q === '' || [token.symbol, token.name, token.id.split(':').pop() ?? ''].some((v) => v.toLowerCase().includes(q));
};

let nextId = 0;

/**
 * @summary A token chip (its icon and symbol, a button) that opens a searchable list of tokens
 * with icons under it: a search field (a combobox) and a listbox, the tokens held first with their
 * balances, then the others, each once. Keys in the field: Up and Down move, Enter chooses,
 * Escape closes (the focus goes back to the chip); typing filters.
 * @event {{ id: string }} w3-token-change - A token was chosen.
 */
export class W3UiTokenPicker extends W3Element {
  static override readonly tagName = 'w3-ui-token-picker';
  static override styles = [baseStyles, tokenPickerStyles];

  @property({ type: Array }) tokens: PickerToken[] = [];
  /** The chosen token's id. */
  @property() value = '';
  /** What the chip chooses ('You pay', 'Token'): the start of its accessible name, before the symbol. */
  @property() label = '';
  @property({ type: Boolean }) disabled = false;
  /** Where the panel lines up with the chip: its end edge (default) or its start edge ('start'). */
  @property({ reflect: true }) align: 'start' | 'end' = 'end';
  @property({ type: Boolean, reflect: true }) open = false;
  @state() private query = '';
  /** The index of the active option among those shown. */
  @state() private active = 0;
  private readonly uid = `w3-tp-${++nextId}`;

  private readonly onOutside = (e: Event) => {
    if (this.open && !e.composedPath().includes(this)) this.open = false;
  };

  /** Focuses the chip. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLButtonElement>('.chip')?.focus(options);
  }

  /**
   * Escape in the open list closes the list, not the dialog around it: taken on the window, in
   * capture, before the modal's focus trap (on the document) sees it.
   */
  private readonly onEscape = (e: KeyboardEvent) => {
    if (!this.open || e.key !== 'Escape' || !e.composedPath().includes(this)) return;
    e.preventDefault();
    e.stopPropagation();
    this.close();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('pointerdown', this.onOutside, true);
    window.addEventListener('keydown', this.onEscape, true);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('pointerdown', this.onOutside, true);
    window.removeEventListener('keydown', this.onEscape, true);
  }

  /** The tokens shown for the query: held ones first (the given order kept), then the rest. */
  private shown(): { held: PickerToken[]; rest: PickerToken[] } {
    const seen = new Set<string>();
    const unique = this.tokens.filter((t) => !seen.has(t.id.toLowerCase()) && seen.add(t.id.toLowerCase()));
    const match = unique.filter((t) => pickerMatches(t, this.query));
    return { held: match.filter((t) => t.balance), rest: match.filter((t) => !t.balance) };
  }

  private async toggle(open = !this.open): Promise<void> {
    this.open = open;
    if (!open) return;
    this.query = '';
    const { held, rest } = this.shown();
    this.active = Math.max(
      0,
      [...held, ...rest].findIndex((t) => t.id === this.value),
    );
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus();
    this.scrollActive();
  }

  private close(): void {
    this.open = false;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.chip')?.focus());
  }

  private choose(token: PickerToken | undefined): void {
    if (!token) return;
    this.close();
    if (token.id !== this.value) {
      this.value = token.id;
      this.emit('w3-token-change', { id: token.id });
    }
  }

  private scrollActive(): void {
    this.renderRoot.querySelector('[role="option"][data-active]')?.scrollIntoView({ block: 'nearest' });
  }

  private onKey(e: KeyboardEvent): void {
    const { held, rest } = this.shown();
    const all = [...held, ...rest];
    const moves: Record<string, number> = { ArrowDown: this.active + 1, ArrowUp: this.active - 1, Home: 0, End: all.length - 1 };
    if (e.key in moves && all.length > 0) {
      e.preventDefault();
      this.active = Math.min(all.length - 1, Math.max(0, moves[e.key]!));
      void this.updateComplete.then(() => this.scrollActive());
    } else if (e.key === 'Enter') {
      e.preventDefault();
      this.choose(all[this.active]);
    } else if (e.key === 'Tab') this.open = false;
  }

  private onChipKey(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      void this.toggle(true);
    }
  }

  /** Its logo, else a disc with its first letter, drawn by CSS with empty alternative text (no text added to the chip's name). */
  private icon(token: PickerToken) {
    const logo = safeLogo(token.logo);
    return logo
      ? html`<img class="icon" src=${logo} alt="" loading="lazy" />`
      : html`<span class="icon badge" aria-hidden="true" data-letter=${token.symbol.slice(0, 1)}></span>`;
  }

  private option(token: PickerToken, index: number) {
    // The keys are the search field's (a combobox: the options are never focused), see onKey.
    // eslint-disable-next-line lit-a11y/click-events-have-key-events
    return html`<div
      role="option"
      id=${`${this.uid}-o${index}`}
      data-token=${token.symbol}
      data-id=${token.id}
      aria-selected=${token.id === this.value ? 'true' : 'false'}
      ?data-active=${index === this.active}
      @pointerdown=${(e: Event) => e.preventDefault()}
      @click=${() => this.choose(token)}
    >
      ${this.icon(token)}
      <span class="names"><span class="symbol" dir="ltr">${token.symbol}</span><span class="name">${token.name}</span></span>
      ${token.balance ? html`<span class="balance" dir="ltr">${token.balance}</span>` : nothing}
    </div>`;
  }

  private renderPanel() {
    const { held, rest } = this.shown();
    const activeId = held.length + rest.length > 0 ? `${this.uid}-o${this.active}` : undefined;
    const group = (id: string, title: string, list: PickerToken[], offset: number) =>
      list.length === 0
        ? nothing
        : html`<div role="group" aria-labelledby=${`${this.uid}-${id}`}>
            <div class="group" id=${`${this.uid}-${id}`} role="presentation">${title}</div>
            ${list.map((t, i) => this.option(t, offset + i))}
          </div>`;
    return html`<div class="panel">
      <input
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-autocomplete="list"
        aria-controls=${`${this.uid}-list`}
        aria-activedescendant=${activeId ?? nothing}
        aria-label=${msg('Search tokens', { id: 'swap-search-label', desc: 'Swap token list: label of the search field' })}
        placeholder=${msg('Name, symbol or address', {
          id: 'swap-search-placeholder',
          desc: 'Swap token list: placeholder of the search field',
        })}
        autocomplete="off"
        .value=${this.query}
        @input=${(e: Event) => ((this.query = (e.target as HTMLInputElement).value), (this.active = 0))}
        @keydown=${this.onKey}
      />
      <div role="listbox" id=${`${this.uid}-list`} aria-label=${this.label}>
        ${group(
          'held',
          msg('Your tokens', { id: 'swap-list-yours', desc: 'Swap token list: heading of the tokens the user holds' }),
          held,
          0,
        )}
        ${group(
          'rest',
          held.length > 0
            ? msg('Other tokens', {
                id: 'token-picker-others',
                desc: 'Token list: heading of the tokens the user does not hold, after theirs',
              })
            : msg('All tokens', { id: 'swap-list-all', desc: 'Swap token list: heading of every token the exchange trades' }),
          rest,
          held.length,
        )}
        ${held.length + rest.length === 0
          ? html`<div class="empty" role="status">
              ${msg('No tokens found', { id: 'swap-list-empty', desc: 'Swap token list: nothing matches the search' })}
            </div>`
          : nothing}
      </div>
    </div>`;
  }

  override render() {
    const token = this.tokens.find((t) => t.id === this.value);
    const chosen = token?.symbol ?? msg('Select token');
    return html`<button
        type="button"
        class="chip"
        part="chip"
        aria-haspopup="listbox"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-label=${`${this.label} ${chosen}`.trim()}
        ?disabled=${this.disabled}
        @click=${() => void this.toggle()}
        @keydown=${this.onChipKey}
      >
        ${token ? this.icon(token) : nothing}<span dir="ltr">${chosen}</span>${caret}
      </button>
      ${this.open ? this.renderPanel() : nothing}`;
  }
}
