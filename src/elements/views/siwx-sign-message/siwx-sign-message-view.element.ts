import { css, html, nothing, type PropertyValues } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { $options } from '../../../stores/app/options.js';
import { $siwxTarget } from '../../../stores/siwx/flow.js';
import { $siwxSign, cancelSignIn, prepareSiwxMessage, signInWithWallet } from '../../../stores/siwx/sign.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import type { W3UiButton } from '../../primitives/button/button.element.js';
import { errorMessage } from '../../l10n/errors.js';
import { viewStyles } from '../view.styles.js';

/** The refusal reads 'Signature declined' whatever the wallet said; anything else its own message. */
function failureText(error: unknown): string {
  return (error as { code?: unknown } | undefined)?.code === 4001 ? msg('Signature declined') : errorMessage(error);
}

const styles = css`
  .app {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    text-align: center;
  }
  .app img {
    width: 56px;
    height: 56px;
    border-radius: var(--w3i-radius-md);
    object-fit: cover;
  }
  h2 {
    margin: 0;
    font: 600 var(--w3i-text-md) / 1.3 var(--w3i-font-family);
  }
  .statement {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  .error:empty {
    display: none;
  }
  .error {
    color: var(--w3i-error);
  }
  .actions {
    display: flex;
    gap: 8px;
    margin-top: 8px;
  }
  .actions w3-ui-button {
    flex: 1;
  }
`;

/**
 * @summary SIWXSignMessage: the connected account signs in (CAIP-122). Shows the app's name and
 * icon, the statement of the message it builds on opening, the account, 'Sign' and 'Cancel'.
 * Sign asks the wallet and adds the session (the modal then closes); a failure stays with its
 * error ('Signature declined' for a refusal). Cancel disconnects when sign-in is required.
 */
export class W3SiwxSignMessageView extends W3Element {
  static override readonly tagName = 'w3-siwx-sign-message-view';
  static override styles = [viewStyles, styles];

  private readonly options = new StoreController(this, $options);
  private readonly target = new StoreController(this, $siwxTarget);
  private readonly sign = new StoreController(this, $siwxSign);
  private preparedFor: unknown;

  protected override willUpdate(): void {
    // A new account asked (or the view opened): the message shown is built for it.
    const target = this.target.value;
    if (target !== this.preparedFor) {
      this.preparedFor = target;
      void prepareSiwxMessage();
    }
  }

  protected override async firstUpdated(changed: PropertyValues): Promise<void> {
    super.firstUpdated(changed);
    const button = this.renderRoot.querySelector<W3UiButton>('w3-ui-button[data-sign]');
    await button?.updateComplete;
    button?.focus();
  }

  override render() {
    const metadata = this.options.value?.metadata;
    const name = metadata?.name;
    const icon = metadata?.icons?.[0];
    const { message, busy, error } = this.sign.value;
    const address = this.target.value?.address;
    const statement = message?.statement;
    return html`<div class="stack">
      <div class="app">
        ${icon ? html`<img src=${icon} alt="" />` : nothing}
        <h2>${name ?? msg('Sign in with your wallet')}</h2>
      </div>
      <p class="statement center" data-statement>
        ${statement ??
        (name ? msg(str`${name} wants you to sign in with your wallet`) : msg('This app wants you to sign in with your wallet'))}
      </p>
      ${address ? html`<p class="muted center" dir="ltr" title=${address} data-address>${truncateAddress(address)}</p>` : nothing}
      <p class="error center" role="alert">${error ? failureText(error) : ''}</p>
      <div class="actions">
        <w3-ui-button variant="secondary" data-cancel @click=${() => void cancelSignIn()}>${msg('Cancel')}</w3-ui-button>
        <w3-ui-button data-sign pending=${busy ? 'sign' : nothing} ?disabled=${busy} @click=${() => void signInWithWallet()}
          >${msg('Sign')}</w3-ui-button
        >
      </div>
    </div>`;
  }
}
