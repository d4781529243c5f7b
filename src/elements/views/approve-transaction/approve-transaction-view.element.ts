import { css, html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { $frameTask, $frameView, type FrameTask } from '../../../stores/embedded/state.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { visuallyHiddenStyles } from '../../styles/a11y.js';
import { viewStyles } from '../view.styles.js';

/** The room kept for the frame (CSS px) until it shows its screen and reports that screen's height. */
export const FRAME_MIN_HEIGHT_PX = 200;

/** What the frame shows, said to screen readers (the frame's own heading is the one people see). */
function taskHeading(task: FrameTask | undefined): string {
  if (task?.kind === 'export') return msg('Export your key');
  if (task?.kind === 'passkey') return msg('Create passkey', { desc: 'Heading while the embedded wallet creates a passkey' });
  if (task?.kind === 'storage') return msg('Keep your login on this browser?');
  return msg('Approve the request in the embedded wallet');
}

/**
 * @summary ApproveTransaction: the embedded wallet's own screen (an approval with its 'Approve'
 * and 'Reject' buttons, or the key export). One heading a person sees: the frame's (the trusted
 * one); the dialog keeps its title (the view's, spec) as its name, and this view's line about the
 * task is a visually hidden status for screen readers. The frame is the modal's (it never moves:
 * moving an iframe reloads it); this view keeps the room where the modal shows it, as tall as the
 * frame's shown screen says (a spinner in FRAME_MIN_HEIGHT_PX until then). Leaving the view
 * (Back, Escape, Close) rejects the pending approval.
 */
export class W3ApproveTransactionView extends W3Element {
  static override readonly tagName = 'w3-approve-transaction-view';
  static override styles = [
    viewStyles,
    visuallyHiddenStyles,
    css`
      .room {
        display: flex;
        align-items: center;
        justify-content: center;
      }
    `,
  ];

  private readonly task = new StoreController(this, $frameTask);
  private readonly frame = new StoreController(this, $frameView);

  /** Where the modal shows the frame (inside this view's shadow root). */
  get frameRoom(): HTMLElement | null {
    return this.renderRoot.querySelector('[data-frame-room]');
  }

  override render() {
    const { height, visible } = this.frame.value;
    // The shown screen's own height (no empty space under a short one); until then a spinner.
    const blockSize = `${visible && height > 0 ? height : FRAME_MIN_HEIGHT_PX}px`;
    return html`<p class="visually-hidden" role="status" data-frame-task>${taskHeading(this.task.value)}</p>
      <div class="room" data-frame-room style=${styleMap({ blockSize })}>
        ${visible ? nothing : html`<w3-ui-spinner></w3-ui-spinner>`}
      </div>`;
  }
}
