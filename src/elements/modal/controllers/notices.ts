/**
 * The modal's toast and alert (spec section 1, toasts and alerts): renders the toast store as a
 * `<w3-ui-toast>` (role status; errors role alert) and the alert store as a banner (errors role
 * alert, the warning role status) with a dismiss button; re-renders the host when either changes.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { $alert, closeAlert } from '../../../stores/ui/alerts.js';
import { $toast } from '../../../stores/ui/toast-state.js';
import { copyText } from '../../base/clipboard.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { icon } from '../../primitives/icons.js';
import { alertText } from '../../l10n/alerts.js';
import { messageText, toastActionLabel } from '../../l10n/messages.js';

export class NoticesController {
  private readonly toast: StoreController<ReturnType<typeof $toast.get>>;
  private readonly alert: StoreController<ReturnType<typeof $alert.get>>;

  constructor(host: ReactiveControllerHost) {
    this.toast = new StoreController(host, $toast);
    this.alert = new StoreController(host, $alert);
  }

  renderToast(): TemplateResult {
    const toast = this.toast.value;
    const copy = toast.action?.copy;
    return html`<div class="toast">
      <w3-ui-toast
        .message=${messageText(toast.message)}
        .variant=${toast.variant}
        ?open=${toast.open}
        .actionLabel=${toast.action && toastActionLabel(toast.action)}
        .href=${toast.action?.href}
        @w3-toast-action=${() => copy && void copyText(copy, msg('Transaction hash copied'))}
      ></w3-ui-toast>
    </div>`;
  }

  renderAlert(): TemplateResult | typeof nothing {
    const alert = this.alert.value;
    if (!alert) return nothing;
    // Errors interrupt (role alert); the warning is announced politely (role status).
    const warning = alert.variant === 'warning';
    const { shortMessage, longMessage } = alertText(alert.code);
    return html`<div class="alert ${alert.variant}" role=${warning ? 'status' : 'alert'} part="alert">
      ${icon('warning')}
      <div>
        <strong
          ><span class="visually-hidden"
            >${warning ? msg('Warning:') : msg('Error:', { desc: 'Prefix of an error alert, read by screen readers' })} </span
          >${shortMessage}</strong
        >
        ${longMessage}
      </div>
      <w3-ui-icon-button icon="close" label=${msg('Dismiss alert')} @click=${closeAlert}></w3-ui-icon-button>
    </div>`;
  }
}
