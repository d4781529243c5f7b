import { css, html, nothing } from 'lit';
import * as farcaster from '../../../stores/embedded/farcaster.js';
import { copyText } from '../../base/clipboard.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { socialIcon } from '../connect/social-icons.js';
import { connectingStyles, qrStyles } from '../connecting.styles.js';
import { linkStyles, viewStyles } from '../view.styles.js';

/**
 * @summary ConnectingFarcaster: the sign-in link as a QR code (`<w3-qr-code>`, the Farcaster glyph
 * in its centre), the link itself (opens in a new tab) and 'Copy link', while the frame waits for
 * the approval; then 'Authenticating...'. A lapsed link offers 'Get a new link'; a failure stays
 * with 'Try again'. The view only reads the sign-in's store: listening starts it, leaving stops it.
 */
export class W3ConnectingFarcasterView extends W3Element {
  static override readonly tagName = 'w3-connecting-farcaster-view';
  static override styles = [
    viewStyles,
    linkStyles,
    connectingStyles,
    qrStyles,
    css`
      .qr-logo {
        color: #000000;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: center;
        gap: 12px;
      }
    `,
  ];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: Pick<typeof farcaster, 'startFarcaster'> = {
    startFarcaster: () => farcaster.startFarcaster(),
  };

  /** The sign-in (a store that starts it while listened and stops it when left). */
  private readonly login = new StoreController(this, farcaster.$farcasterSignIn);

  private renderQr(url: string | undefined) {
    return html`<w3-qr-code uri=${url ?? ''} label=${msg('QR code to sign in with Farcaster')}>
        <span slot="logo" class="qr-logo">${socialIcon('farcaster', 36)}</span>
      </w3-qr-code>
      <p class="muted" role="status">${url ? msg('Scan this QR code with your phone') : msg('Preparing the QR code…')}</p>
      ${url
        ? html`<div class="actions">
            <a href=${url} target="_blank" rel="noopener noreferrer" data-link>${msg('Open the sign-in link')}</a>
            <w3-ui-button
              variant="secondary"
              size="sm"
              @click=${() => void copyText(url, msg('Link copied'), msg('Could not copy the link'))}
              >${msg('Copy link')}</w3-ui-button
            >
          </div>`
        : nothing}`;
  }

  override render() {
    const { step, url, error } = this.login.value;
    if (step === 'expired' || step === 'error') {
      return html`<div class="connecting">
        <p class="error" role="alert">${step === 'expired' ? msg('The sign-in link expired.') : errorMessage(error)}</p>
        <w3-ui-button variant="secondary" @click=${() => void this.actions.startFarcaster()}
          >${step === 'expired' ? msg('Get a new link') : msg('Try again')}</w3-ui-button
        >
      </div>`;
    }
    if (step === 'connecting') {
      return html`<div class="connecting">
        <div class="logo">${socialIcon('farcaster', 56)}<w3-ui-spinner label=${msg('Authenticating...')}></w3-ui-spinner></div>
        <p class="muted" role="status">${msg('Authenticating...')}</p>
      </div>`;
    }
    return html`<div class="connecting">${this.renderQr(step === 'waiting' ? url : undefined)}</div>`;
  }
}
