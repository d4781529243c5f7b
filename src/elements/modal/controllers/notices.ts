/**
 * The modal's toast and alert (spec section 1, toasts and alerts): renders the toast store as a
 * `<w3-ui-toast>` (role status; errors role alert) and the alert store as a banner (errors role
 * alert, the warning role status) with a dismiss button; re-renders the host when either changes.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { $alert, closeAlert } from '../../../stores/alerts.js';
import { $toast } from '../../../stores/toast.js';
import { copyText } from '../../base/clipboard.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { icon } from '../../primitives/icons.js';

/** The texts of toasts and alerts (src/elements/l10n): a lazy chunk, fetched when the first modal is made. */
type NoticeTexts = typeof import('../../l10n/messages.js') & typeof import('../../l10n/alerts.js');
let texts: NoticeTexts | undefined;
let loading: Promise<unknown> | undefined;

export class NoticesController {
  private readonly toast: StoreController<ReturnType<typeof $toast.get>>;
  private readonly alert: StoreController<ReturnType<typeof $alert.get>>;
  private waiting = false;

  constructor(private readonly host: ReactiveControllerHost) {
    this.toast = new StoreController(host, $toast);
    this.alert = new StoreController(host, $alert);
    // Out of the first chunk, but fetched at once: a notice rarely waits for its texts.
    this.texts();
  }

  /** The texts once loaded; the first call loads them and re-renders the host when they are in. */
  private texts(): NoticeTexts | undefined {
    if (texts || this.waiting) return texts;
    this.waiting = true;
    loading ??= Promise.all([import('../../l10n/messages.js'), import('../../l10n/alerts.js')]).then(([m, a]) => (texts = { ...m, ...a }));
    void loading.then(() => this.host.requestUpdate());
    return texts;
  }

  renderToast(): TemplateResult {
    const toast = this.toast.value;
    const copy = toast.action?.copy;
    const t = this.texts();
    return html`<div class="toast">
      <w3-ui-toast
        .message=${t ? t.messageText(toast.message) : toast.message.code === 'TEXT' ? toast.message.text : ''}
        .variant=${toast.variant}
        ?open=${toast.open}
        .actionLabel=${toast.action && t?.toastActionLabel(toast.action)}
        .href=${toast.action?.href}
        @w3-toast-action=${() => copy && void copyText(copy, msg('Transaction hash copied'))}
      ></w3-ui-toast>
    </div>`;
  }

  renderAlert(): TemplateResult | typeof nothing {
    const alert = this.alert.value;
    const t = this.texts();
    if (!alert || !t) return nothing;
    // Errors interrupt (role alert); the warning is announced politely (role status).
    const warning = alert.variant === 'warning';
    const { shortMessage, longMessage } = t.alertText(alert.code);
    return html`<div class="alert ${alert.variant}" role=${warning ? 'status' : 'alert'} part="alert">
      ${icon('warning')}
      <div>
        <strong><span class="visually-hidden">${warning ? 'Warning: ' : 'Error: '}</span>${shortMessage}</strong> ${longMessage}
      </div>
      <w3-ui-icon-button icon="close" label="Dismiss alert" @click=${closeAlert}></w3-ui-icon-button>
    </div>`;
  }
}
