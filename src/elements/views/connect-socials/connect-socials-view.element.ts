import { css, html } from 'lit';
import type { SocialProvider } from '../../../core/options.js';
import { $features } from '../../../stores/app/options.js';
import * as social from '../../../stores/embedded/social.js';
import { msg, str } from '../../base/localize.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { socialIcon } from '../connect/social-icons.js';
import { viewStyles } from '../view.styles.js';

/**
 * @summary ConnectSocials ('All socials'): every configured social as a row 'Continue with
 * <Name>', in the configured order; a row starts that login on the click (Farcaster opens
 * ConnectingFarcaster). Arrow keys, Home and End move within the list.
 */
export class W3ConnectSocialsView extends W3Element {
  static override readonly tagName = 'w3-connect-socials-view';
  static override styles = [
    viewStyles,
    css`
      .glyph {
        display: grid;
        place-items: center;
        width: 40px;
        height: 40px;
      }
    `,
  ];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: { start: (provider: SocialProvider) => void } = {
    start: (provider) => social.startSocialLogin(provider),
  };

  private readonly features = new StoreController(this, $features);
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  override render() {
    const socials = this.features.value.socials || [];
    return html`<ul class="stack" aria-label=${msg('Social login')}>
      ${socials.map(
        (provider) =>
          html`<li>
            <w3-ui-list-item data-social=${provider} @click=${() => this.actions.start(provider)}>
              <span slot="image" class="glyph">${socialIcon(provider, 28)}</span>
              ${msg(str`Continue with ${social.SOCIAL_NAMES[provider]}`)}
            </w3-ui-list-item>
          </li>`,
      )}
    </ul>`;
  }
}
