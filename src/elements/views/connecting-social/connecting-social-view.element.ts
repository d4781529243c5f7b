import { css, html, nothing } from 'lit';
import type { OAuthProvider } from '../../../frame/constants.js';
import * as social from '../../../stores/embedded/social.js';
import { $socialLogin } from '../../../stores/embedded/state.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { socialIcon } from '../connect/social-icons.js';
import { connectingStyles } from '../connecting.styles.js';
import { viewStyles } from '../view.styles.js';
import { socialErrorDetail, socialErrorText } from './social-error.js';

/**
 * @summary ConnectingSocial: the provider's login runs in the popup: its glyph with a spinner and
 * 'Authenticating...'; a failure ('Popup closed', 'Failed to initiate social connection', 'Failed
 * to connect', with the frame's detail) stays here with 'Try again', which opens a new popup on
 * the click. The title is the provider's name (router data).
 */
export class W3ConnectingSocialView extends W3Element {
  static override readonly tagName = 'w3-connecting-social-view';
  static override styles = [
    viewStyles,
    connectingStyles,
    css`
      .glyph {
        display: grid;
        place-items: center;
        width: 72px;
        height: 72px;
        border-radius: var(--w3i-radius-lg);
        background: var(--w3i-surface);
      }
      .detail {
        font-size: var(--w3i-text-xs);
        overflow-wrap: anywhere;
      }
    `,
  ];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: { retry: (provider: OAuthProvider) => void } = {
    retry: (provider) => void social.loginWithSocial(provider),
  };

  private readonly login = new StoreController(this, $socialLogin);

  override render() {
    const { step, provider, error } = this.login.value;
    const failed = step === 'error';
    const detail = failed ? socialErrorDetail(error) : undefined;
    return html`<div class="connecting">
      <div class="logo">
        <span class="glyph">${provider ? socialIcon(provider, 40) : nothing}</span>
        ${failed ? nothing : html`<w3-ui-spinner label=${msg('Authenticating...')}></w3-ui-spinner>`}
      </div>
      ${provider ? html`<p><strong>${social.SOCIAL_NAMES[provider]}</strong></p>` : nothing}
      ${failed
        ? html`<p class="error" role="alert">${socialErrorText(error)}</p>
            ${detail ? html`<p class="muted detail">${detail}</p>` : nothing}
            <w3-ui-button variant="secondary" ?disabled=${!provider} @click=${() => provider && this.actions.retry(provider)}
              >${msg('Try again')}</w3-ui-button
            >`
        : html`<p class="muted" role="status">${msg('Authenticating...')}</p>`}
    </div>`;
  }
}
