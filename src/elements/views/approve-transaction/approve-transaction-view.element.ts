import { css, html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { $frameTask, $frameView, type FrameTask } from '../../../stores/embedded/state.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';

/** The least room kept for the frame (CSS px), before it reports its height. */
export const FRAME_MIN_HEIGHT_PX = 200;

/** The view's heading for what the frame shows. */
function taskHeading(task: FrameTask | undefined): string {
  if (task?.kind === 'export') return msg('Export your key');
  if (task?.kind === 'passkey') return msg('Create passkey', { desc: 'Heading while the embedded wallet creates a passkey' });
  if (task?.kind === 'storage') return msg('Keep your login on this browser?');
  return msg('Approve the request in the embedded wallet');
}

/**
 * @summary ApproveTransaction: the embedded wallet's own screen (an approval with its 'Approve'
 * and 'Reject' buttons, or the key export) under a short heading. The frame is the modal's (it
 * never moves: moving an iframe reloads it); this view keeps the room where the modal shows it.
 * Leaving the view (Back, Escape, Close) rejects the pending approval.
 */
export class W3ApproveTransactionView extends W3Element {
  static override readonly tagName = 'w3-approve-transaction-view';
  static override styles = [
    viewStyles,
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
    const blockSize = `${Math.max(FRAME_MIN_HEIGHT_PX, height)}px`;
    // Until the frame shows its screen over the room, a spinner.
    return html`<h3 class="center">${taskHeading(this.task.value)}</h3>
      <div class="room" data-frame-room style=${styleMap({ blockSize })}>
        ${visible ? nothing : html`<w3-ui-spinner></w3-ui-spinner>`}
      </div>`;
  }
}
