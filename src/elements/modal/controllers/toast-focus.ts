/**
 * Focus is never lost when the toast closes (spec section 1, accessibility): the toast's action
 * can hold focus (Tab reaches it, see the focus trap's `also`), and a closing toast turns inert,
 * which drops that focus on the body. This puts it back into the dialog when the modal is open,
 * else on the page's connect or account button.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { containsDeep, deepActiveElement } from '../../base/focus.js';
import { focusPageButton } from '../../base/focus-return.js';

export interface ToastFocusOptions {
  /** The toast element, if rendered. */
  toast(): HTMLElement | undefined;
  /** Whether the toast is open. */
  open(): boolean;
  /** Moves focus into the dialog; false when the dialog is not shown. */
  focusDialog(): boolean;
}

export class ToastFocusController implements ReactiveController {
  private held = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: ToastFocusOptions,
  ) {
    host.addController(this);
  }

  /** Before each render: does the (still open) toast hold focus? */
  hostUpdate(): void {
    const toast = this.options.toast();
    this.held = !!toast && containsDeep(toast, deepActiveElement());
  }

  hostUpdated(): void {
    if (!this.held || this.options.open()) return;
    this.held = false;
    // The toast renders inert in its own update: check once it has.
    requestAnimationFrame(() => {
      const toast = this.options.toast();
      const active = deepActiveElement();
      const lost = !active || active === document.body || (!!toast && containsDeep(toast, active));
      if (lost && !this.options.focusDialog()) focusPageButton();
    });
  }
}
