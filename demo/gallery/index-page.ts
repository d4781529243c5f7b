/**
 * The gallery's index: the switches (theme, locale, width), every state as a link grouped by
 * view, and a preview frame of the chosen width showing the state a link points at.
 */
import { STATES } from './states/index.js';
import { kebab, stateId } from './states/types.js';

export interface IndexSettings {
  theme: string;
  locale: string;
  width: number;
  locales: readonly string[];
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function select(name: string, label: string, values: readonly string[], current: string): HTMLLabelElement {
  const box = el('select', { name });
  for (const value of values) box.append(el('option', { value, selected: value === current }, value));
  box.addEventListener('change', () => box.form?.requestSubmit());
  return el('label', {}, `${label} `, box);
}

/** The state's URL with the current switches. */
export function stateUrl(id: string, { theme, locale, width }: Pick<IndexSettings, 'theme' | 'locale' | 'width'>): string {
  return `?${new URLSearchParams({ state: id, theme, locale, width: String(width) })}`;
}

export function renderIndex(settings: IndexSettings): void {
  const { theme, locale, width, locales } = settings;
  document.title = 'w3kit gallery';
  const form = el(
    'form',
    { className: 'switches', method: 'get' },
    select('theme', 'Theme', ['light', 'dark', 'accent'], theme),
    select('locale', 'Locale', locales, locale),
    select('width', 'Width', ['1280', '375'], String(width)),
  );
  const frame = el('iframe', { title: 'State preview', className: 'preview', name: 'preview' });
  frame.style.width = `${width}px`;
  const nav = el('nav', { ariaLabel: 'States' });
  const views = [...new Set(STATES.map((s) => s.view))];
  for (const view of views) {
    const list = el('ul');
    for (const state of STATES.filter((s) => s.view === view)) {
      const id = stateId(state);
      const link = el('a', { href: stateUrl(id, settings), target: 'preview' }, state.state);
      link.dataset.state = id;
      list.append(el('li', {}, link));
    }
    nav.append(el('section', {}, el('h2', {}, kebab(view)), list));
  }
  const main = el(
    'main',
    {},
    el('h1', {}, 'w3kit gallery'),
    el(
      'p',
      {},
      `${STATES.length} states of ${views.length} views, from fixtures (no wallet, no backend). Open a state in its own tab to link it.`,
    ),
    form,
    el('div', { className: 'layout' }, nav, frame),
  );
  document.body.append(main);
  document.documentElement.dataset.galleryReady = 'true';
}
