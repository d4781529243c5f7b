/**
 * Roving focus (spec section 1, accessibility; WAI-ARIA roving tabindex): each list in a host's
 * shadow root is one tab stop; arrow keys move focus between its items (Up/Down in a vertical
 * list, Left/Right in a horizontal one, all four in a grid), Home and End go to the first and the
 * last. Left and Right swap when the list is laid out right to left. The item that last had
 * focus keeps the tab stop. Lists that render a window of a longer list (virtualized) give the
 * total count and a way to bring an index into view; their items carry `data-index`, and focus
 * that the list dropped while it scrolled goes back to the tab stop.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { deepActiveElement } from './focus.js';

export type RovingOrientation = 'vertical' | 'horizontal' | 'grid';

export interface VirtualList {
  /** How many items the whole list has. */
  count(list: HTMLElement): number;
  /** Brings item `index` into the DOM and into view. */
  reveal(list: HTMLElement, index: number): Promise<void>;
}

export interface RovingFocusOptions {
  /** Selector of the lists in the host's shadow root; each is one tab stop. */
  lists: string;
  /** Selector of a list's items, relative to the list (e.g. `:scope > li > w3-ui-list-item`). */
  items: string;
  orientation: RovingOrientation;
  /** Past the last item, go to the first (and back); default false. */
  wrap?: boolean;
  /** Whether the controller sets the items' tabindex (default true; false when the host renders it). */
  tabStops?: boolean;
  virtual?: VirtualList;
  /** Focus moved to `item` by a key. */
  onMove?(item: HTMLElement): void;
}

type Host = ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment };
type Updating = HTMLElement & { updateComplete?: Promise<unknown> };

/** What takes focus for an item: the native button inside a custom element's shadow root, else the item. */
function focusable(item: HTMLElement): HTMLElement {
  return item.shadowRoot?.querySelector<HTMLElement>('button') ?? item;
}

export class RovingFocusController implements ReactiveController {
  /** The index that holds each list's tab stop. */
  private readonly stops = new WeakMap<HTMLElement, number>();
  /** The list that had focus, while focus has not moved elsewhere on purpose. */
  private focusedList: HTMLElement | undefined;

  constructor(
    private readonly host: Host,
    private readonly options: RovingFocusOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.onKeyDown);
    this.host.addEventListener('focusin', this.onFocusIn);
    this.host.addEventListener('focusout', this.onFocusOut);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.onKeyDown);
    this.host.removeEventListener('focusin', this.onFocusIn);
    this.host.removeEventListener('focusout', this.onFocusOut);
  }

  hostUpdated(): void {
    void this.syncAll();
  }

  /** Sets the tab stops again (and gives back focus a virtual list dropped): call after a list re-rendered on its own. */
  async syncAll(): Promise<void> {
    const lists = this.lists();
    await Promise.all(lists.flatMap((list) => this.items(list).map((item) => (item as Updating).updateComplete)));
    for (const list of lists) this.sync(list);
    const list = this.focusedList;
    if (!list || !list.isConnected) return;
    const active = deepActiveElement();
    if (active && active !== document.body && active.isConnected) return;
    const stop = this.items(list).find((item) => this.indexOf(list, item) === this.stops.get(list)) ?? this.items(list)[0];
    if (stop) focusable(stop).focus({ preventScroll: true });
  }

  private lists(): HTMLElement[] {
    return Array.from(this.host.renderRoot.querySelectorAll<HTMLElement>(this.options.lists));
  }

  private items(list: HTMLElement): HTMLElement[] {
    // Items hidden by the layout (display: none) are skipped.
    return Array.from(list.querySelectorAll<HTMLElement>(this.options.items)).filter((item) => item.getClientRects().length > 0);
  }

  private indexOf(list: HTMLElement, item: HTMLElement): number {
    if (this.options.virtual) return Number(item.dataset['index'] ?? -1);
    return this.items(list).indexOf(item);
  }

  private count(list: HTMLElement): number {
    return this.options.virtual ? this.options.virtual.count(list) : this.items(list).length;
  }

  /** One item of `list` is tabbable: the tab stop when rendered, else the first rendered item. */
  private sync(list: HTMLElement): void {
    if (this.options.tabStops === false) return;
    const items = this.items(list);
    const stop = this.stops.get(list) ?? 0;
    const rendered = items.some((item) => this.indexOf(list, item) === stop);
    items.forEach((item, i) => {
      const on = rendered ? this.indexOf(list, item) === stop : i === 0;
      focusable(item).tabIndex = on ? 0 : -1;
    });
  }

  /** The list and item an event came from. */
  private locate(e: Event): { list: HTMLElement; item: HTMLElement } | undefined {
    const path = e.composedPath().filter((n): n is HTMLElement => n instanceof HTMLElement);
    const list = path.find((n) => n.matches(this.options.lists) && this.host.renderRoot.contains(n));
    if (!list) return undefined;
    const items = this.items(list);
    const item = path.find((n) => items.includes(n));
    return item ? { list, item } : undefined;
  }

  /** How many items a grid row holds: the rendered items on the first rendered row. */
  private columns(list: HTMLElement): number {
    const tops = this.items(list).map((item) => Math.round(item.getBoundingClientRect().top));
    return Math.max(1, tops.filter((top) => top === tops[0]).length);
  }

  private step(e: KeyboardEvent, list: HTMLElement): number | 'first' | 'last' | undefined {
    const { orientation } = this.options;
    const rtl = getComputedStyle(list).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === 'Home') return 'first';
    if (e.key === 'End') return 'last';
    if (orientation !== 'horizontal' && e.key === 'ArrowDown') return orientation === 'grid' ? this.columns(list) : 1;
    if (orientation !== 'horizontal' && e.key === 'ArrowUp') return orientation === 'grid' ? -this.columns(list) : -1;
    if (orientation !== 'vertical' && e.key === forward) return 1;
    if (orientation !== 'vertical' && e.key === backward) return -1;
    return undefined;
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const at = this.locate(e);
    if (!at) return;
    const step = this.step(e, at.list);
    if (step === undefined) return;
    e.preventDefault();
    const count = this.count(at.list);
    const from = this.indexOf(at.list, at.item);
    let to = step === 'first' ? 0 : step === 'last' ? count - 1 : from + step;
    if (this.options.wrap) to = (to + count) % count;
    to = Math.min(count - 1, Math.max(0, to));
    if (to !== from) void this.moveTo(at.list, to);
  };

  private async moveTo(list: HTMLElement, index: number): Promise<void> {
    const find = () => this.items(list).find((item) => this.indexOf(list, item) === index);
    if (!find() && this.options.virtual) await this.options.virtual.reveal(list, index);
    const item = find();
    if (!item) return;
    this.stops.set(list, index);
    this.sync(list);
    focusable(item).focus();
    if (this.options.virtual) item.scrollIntoView({ block: 'nearest' });
    this.options.onMove?.(item);
  }

  private readonly onFocusIn = (e: FocusEvent): void => {
    const at = this.locate(e);
    if (!at) return;
    this.focusedList = at.list;
    const index = this.indexOf(at.list, at.item);
    if (this.stops.get(at.list) === index) return;
    this.stops.set(at.list, index);
    this.sync(at.list);
  };

  /** Focus that moves elsewhere ends the list's claim; focus that is dropped (relatedTarget null) does not. */
  private readonly onFocusOut = (e: FocusEvent): void => {
    if (e.relatedTarget) this.focusedList = undefined;
  };
}
