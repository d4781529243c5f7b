import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { AccountDevice } from '../../../frame/messages.js';
import { $devices, loadDevices, removeDevice } from '../../../stores/embedded/device-list.js';
import { $locale } from '../../../stores/ui/locale.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { viewStyles } from '../view.styles.js';
import { removableListStyles } from '../removable-list.styles.js';

/** A date in the active locale's format. */
function dateText(at: number): string {
  const locale = $locale.get();
  try {
    return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  } catch {
    return new Date(at).toISOString().slice(0, 16).replace('T', ' ');
  }
}

const nameOf = (device: AccountDevice): string => device.name ?? msg('Unknown device', { desc: 'Devices view: a device without a name' });

/** The text of an empty list (a function: the texts follow the active locale). */
const noDevicesText = (): string => msg('No device was approved by e-mail for this account yet.');

/**
 * @summary Devices: the devices the account's e-mail approved (name, when approved, when last
 * used, 'This device' on the one in hand), each with Remove, which asks first. A removed device's
 * sessions end and it needs a new approval by e-mail; removing this device logs out. The list
 * loads while the view shows it (a fetcher store): the view starts no load, its 'Try again' asks
 * again.
 */
export class W3DevicesView extends W3Element {
  static override readonly tagName = 'w3-devices-view';
  static override styles = [
    viewStyles,
    removableListStyles,
    css`
      .current {
        color: var(--w3i-accent);
      }
      .confirm {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 12px;
        padding: 16px 8px;
        text-align: center;
      }
      .actions {
        align-self: stretch;
      }
    `,
  ];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: { loadDevices(): Promise<void>; removeDevice(id: string): Promise<void> } = { loadDevices, removeDevice };

  private readonly store = new StoreController(this, $devices);
  /** The device whose removal waits for the user's confirmation. */
  @state() private confirming: string | undefined;
  /** The device last asked about: back on the list, its Remove button takes the focus again. */
  private asked: string | undefined;
  /** A new step gets the focus (the view host focuses its `data-step-focus`: the button pressed is gone). */
  private readonly stepFocus = new StepFocusController(this, () => (this.confirming ? 'confirm' : 'list'));

  private removeConfirmed(device: AccountDevice): void {
    this.confirming = undefined;
    void this.actions.removeDevice(device.id);
  }

  private renderDevice(device: AccountDevice, busy: boolean, focus: boolean) {
    const name = nameOf(device);
    return html`<li data-device=${device.id} ?data-current=${device.current}>
      <div class="info">
        <span class="name" dir="auto">${name}</span>
        ${device.current ? html`<span class="small current" data-this>${msg('This device')}</span>` : nothing}
        <span class="small muted" data-added
          >${msg(str`Approved ${dateText(device.addedAt)}`, { desc: 'Devices view: when a device was approved' })}</span
        >
        <span class="small muted" data-used
          >${msg(str`Last used ${dateText(device.lastUsedAt)}`, { desc: 'Devices view: when a device was last used' })}</span
        >
      </div>
      <w3-ui-button
        variant="secondary"
        size="sm"
        data-remove
        label=${msg(str`Remove ${name}`, { id: 'devices-remove-label', desc: 'Devices view: the remove button of one device' })}
        ?disabled=${busy}
        ?data-step-focus=${focus}
        @click=${() => (this.confirming = this.asked = device.id)}
        >${msg('Remove', { desc: 'Passkeys view: remove a passkey' })}</w3-ui-button
      >
    </li>`;
  }

  private renderConfirm(device: AccountDevice) {
    return html`<div class="confirm" data-confirm role="group" aria-labelledby="confirm-title">
      <h3 id="confirm-title" dir="auto" tabindex="-1" data-step-focus>
        ${msg(str`Remove ${nameOf(device)}?`, { id: 'devices-remove-confirm', desc: 'Devices view: confirming a removal' })}
      </h3>
      <p class="muted">
        ${device.current
          ? msg('This is the device you are using: removing it logs you out here.')
          : msg('Its login ends at once, and it needs a new approval by e-mail to log in again.')}
      </p>
      <div class="actions">
        <w3-ui-button variant="secondary" data-cancel @click=${() => (this.confirming = undefined)}>${msg('Cancel')}</w3-ui-button>
        <w3-ui-button data-confirm-remove @click=${() => this.removeConfirmed(device)}
          >${msg('Remove device', { desc: 'Devices view: confirm removing a device' })}</w3-ui-button
        >
      </div>
    </div>`;
  }

  private renderBody() {
    const { status, list, error, busy } = this.store.value;
    if (status === 'error')
      return html`<div class="state">
        <p class="error" role="alert" data-load-error>${errorMessage(error)}</p>
        <w3-ui-button variant="secondary" data-retry @click=${() => void this.actions.loadDevices()}>${msg('Try again')}</w3-ui-button>
      </div>`;
    if (status !== 'ready' && list.length === 0)
      return html`<div class="state"><w3-ui-spinner label=${msg('Loading')}></w3-ui-spinner></div>`;
    // Back on the list: the Remove button of the device asked about, else the list (or its empty text).
    const back = busy ? undefined : list.find((d) => d.id === this.asked)?.id;
    return html`${list.length === 0
        ? html`<p class="empty" tabindex="-1" data-step-focus data-empty>${noDevicesText()}</p>`
        : html`<ul class="stack" tabindex="-1" ?data-step-focus=${back === undefined} aria-label=${msg('Devices')}>
            ${list.map((d) => this.renderDevice(d, busy, d.id === back))}
          </ul>`}
      <p class="error" role="alert" data-action-error>${error ? errorMessage(error) : ''}</p>`;
  }

  override render() {
    const confirming = this.confirming && this.store.value.list.find((d) => d.id === this.confirming);
    return html`<div class="stack">${confirming ? this.renderConfirm(confirming) : this.renderBody()}</div>`;
  }
}
