import { css, html, type PropertyValues } from 'lit';
import { $registerName } from '../../../stores/names/register-name.js';
import { resetRouter } from '../../../stores/ui/router.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import type { W3UiButton } from '../../primitives/button/button.element.js';
import { icon } from '../../primitives/icons.js';
import { viewStyles } from '../view.styles.js';

const styles = css`
  .done {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    text-align: center;
  }
  .badge {
    display: grid;
    place-items: center;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    color: var(--w3i-success, #26a17b);
    background: color-mix(in srgb, currentColor 14%, transparent);
  }
  [data-name] {
    font: 600 var(--w3i-text-md) / 1.3 var(--w3i-font-family);
    overflow-wrap: anywhere;
  }
`;

/**
 * @summary RegisterAccountNameSuccess: the name just registered, and a button back to the
 * Account view (which shows the name, as the account button does).
 */
export class W3RegisterAccountNameSuccessView extends W3Element {
  static override readonly tagName = 'w3-register-account-name-success-view';
  static override styles = [viewStyles, styles];

  private readonly state = new StoreController(this, $registerName);

  protected override async firstUpdated(changed: PropertyValues): Promise<void> {
    super.firstUpdated(changed);
    const button = this.renderRoot.querySelector<W3UiButton>('w3-ui-button');
    await button?.updateComplete;
    button?.focus();
  }

  override render() {
    const name = this.state.value.registered;
    return html`<div class="stack">
      <div class="done" role="status">
        <span class="badge">${icon('check', 28)}</span>
        <p>
          ${msg('Your account is now known by this name:', {
            id: 'register-name-success-text',
            desc: 'Name registered view: before the name',
          })}
        </p>
        <p data-name dir="ltr">${name ?? ''}</p>
      </div>
      <w3-ui-button data-back @click=${() => resetRouter('Account')}
        >${msg('Back to account', {
          id: 'register-name-success-back',
          desc: 'Name registered view: button that shows the Account view',
        })}</w3-ui-button
      >
    </div>`;
  }
}
