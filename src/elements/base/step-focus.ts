/**
 * Step focus: a view whose content changes in place (Send's form and its Review, a list and the
 * confirmation of a removal) opts in with a StepFocusController that reads its current step. When
 * the step changes, the controller tells the view host (the `w3-view-step` event, bubbling and
 * composed, after the new step rendered), which focuses the element the new step marks with
 * `data-step-focus` (once rendered: a primitive such as w3-ui-button focuses its inner control):
 * the button pressed is gone, and focus never falls to the page's body. Views
 * without steps do not opt in (All Wallets' grid keeps its own focus restore on scroll).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export const VIEW_STEP_EVENT = 'w3-view-step';

/** The attribute a step puts on the element that takes the focus when the step shows. */
export const STEP_FOCUS_ATTRIBUTE = 'data-step-focus';

export class StepFocusController implements ReactiveController {
  private shown: unknown;
  private rendered = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly step: () => unknown,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const step = this.step();
    const changed = this.rendered && step !== this.shown;
    this.rendered = true;
    this.shown = step;
    if (changed) void this.announce();
  }

  /** Tells the view host once the element to focus has rendered (a primitive's inner control exists after its own first update). */
  private async announce(): Promise<void> {
    const target = this.host.shadowRoot?.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(`[${STEP_FOCUS_ATTRIBUTE}]`);
    await target?.updateComplete;
    this.host.dispatchEvent(new Event(VIEW_STEP_EVENT, { bubbles: true, composed: true }));
  }
}
