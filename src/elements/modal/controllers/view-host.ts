/**
 * Hosts the modal's current view (spec section 2): while active, each new router state gets a
 * fresh element of its view's class, loaded through the view registry (lazy chunks; a class
 * loaded once, or defined by a prefetch of its chunk, is created at once, in the update that
 * routes to it, unless `ready` has something still loading). Once
 * the element has rendered and is still current, `shown` is called, with `first` true for the
 * first view since activation. A view with steps (base/step-focus.ts) says when its step
 * changed: the host then focuses the element the new step marks with `data-step-focus`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ViewName } from '../../../core/views.js';
import type { ViewClass, ViewModule } from '../../views/registry.js';
import { STEP_FOCUS_ATTRIBUTE, VIEW_STEP_EVENT } from '../../base/step-focus.js';

export type ViewLoader = () => Promise<ViewModule>;

export interface ViewHostOptions {
  /** Loaders by view name (src/elements/views/registry.ts). */
  loaders: Partial<Record<ViewName, ViewLoader>>;
  /** Whether to host a view (the modal is open). */
  active(): boolean;
  /** The router state; a new object means a new view element. */
  route(): { view: ViewName };
  /** Called before a new view replaces the current one. */
  beforeChange?(): void;
  /** The view's element has rendered and is current. */
  shown(view: ViewName, first: boolean): void;
  /** What a new view waits for besides its module, if anything (the registry's lazy rules still loading). */
  ready?(): Promise<unknown> | undefined;
}

/** View classes loaded so far, by loader. */
const loaded = new WeakMap<ViewLoader, ViewClass>();

/** The class of `view`'s element when its chunk has defined it (its tag: `w3-<view-in-kebab-case>-view`, views/registry.ts). */
function definedView(view: ViewName): ViewClass | undefined {
  const tag = `w3-${view.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}-view`;
  return customElements.get(tag) as ViewClass | undefined;
}

export class ViewHostController implements ReactiveController {
  /** The current view's element, to render; undefined while closed or while its class loads. */
  element: HTMLElement | undefined;
  private route: { view: ViewName } | undefined;
  private wasActive = false;
  /** True from activation until the first view is shown. */
  private first = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ViewHostOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener(VIEW_STEP_EVENT, this.onStep);
  }

  hostDisconnected(): void {
    this.host.removeEventListener(VIEW_STEP_EVENT, this.onStep);
  }

  /** The current view's step changed (it has rendered the new one): focus what the step marks. */
  private readonly onStep = (e: Event): void => {
    const view = this.element;
    if (!view || e.composedPath()[0] !== view) return;
    view.shadowRoot?.querySelector<HTMLElement>(`[${STEP_FOCUS_ATTRIBUTE}]`)?.focus({ preventScroll: true });
  };

  hostUpdate(): void {
    const active = this.options.active();
    if (active && !this.wasActive) this.first = true;
    if (active && this.route !== this.options.route()) this.prepare();
    if (!active) {
      this.element = undefined;
      this.route = undefined;
    }
  }

  hostUpdated(): void {
    const active = this.options.active();
    this.wasActive = active;
    const el = this.element;
    if (!active || !el || el.dataset['shown'] === 'true') return;
    const first = this.first;
    this.first = false;
    void this.whenRendered(el, first);
  }

  private prepare(): void {
    const route = this.options.route();
    this.route = route;
    this.options.beforeChange?.();
    const load = this.options.loaders[route.view];
    const ready = this.options.ready?.();
    // A class defined already (a view's chunk prefetched, e.g. All Wallets' by the Connect view) needs no load either.
    const ViewClass = load && !ready ? (loaded.get(load) ?? definedView(route.view)) : undefined;
    this.element = ViewClass && document.createElement(ViewClass.tagName);
    if (ViewClass || !load) return;
    void Promise.all([load(), ready]).then(([{ default: LoadedClass }]) => {
      loaded.set(load, LoadedClass);
      if (this.route !== route || !this.options.active()) return;
      this.element = document.createElement(LoadedClass.tagName);
      this.host.requestUpdate();
    });
  }

  private async whenRendered(el: HTMLElement, first: boolean): Promise<void> {
    el.dataset['shown'] = 'true';
    const { view } = this.options.route();
    await customElements.whenDefined(el.localName);
    await (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
    if (el !== this.element || !this.options.active()) return;
    this.options.shown(view, first);
  }
}
