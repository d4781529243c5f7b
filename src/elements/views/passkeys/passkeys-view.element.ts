import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { Passkey } from '../../../frame/messages.js';
import { $passkeys, loadPasskeys } from '../../../stores/embedded/passkey-list.js';
import { addPasskey, removePasskey } from '../../../stores/embedded/passkeys.js';
import { $locale } from '../../../stores/ui/locale.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { viewStyles } from '../view.styles.js';
import { removableListStyles } from '../removable-list.styles.js';

/** A passkey's creation date in the active locale's date format. */
function createdText(createdAt: number): string {
  const locale = $locale.get();
  let date: string;
  try {
    date = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { dateStyle: 'medium' }).format(createdAt);
  } catch {
    date = new Date(createdAt).toISOString().slice(0, 10);
  }
  return msg(str`Added ${date}`, { desc: 'Passkeys view: when a passkey was created' });
}

/** The text of an empty list (a function: the texts follow the active locale). */
const noPasskeysText = (): string => msg('No passkeys yet. Add one to log in with it alone, on this device or another.');

/**
 * @summary Passkeys: the user's passkeys (name, when added, 'Protects your recovery key' for those
 * that wrap it) with a remove button each, 'Add a passkey' (the frame's own 'Create passkey'
 * screen follows), and the empty, loading and error states. Removing the last passkey that
 * protects the recovery key asks first: the recovery key is then protected by the server again.
 * The list loads while the view shows it (a fetcher store): the view starts no load, its 'Try
 * again' asks again.
 */
export class W3PasskeysView extends W3Element {
  static override readonly tagName = 'w3-passkeys-view';
  static override styles = [
    viewStyles,
    removableListStyles,
    css`
      .prf {
        color: var(--w3i-accent);
      }
      .confirm {
        display: flex;
        flex-direction: column;
        gap: 12px;
        text-align: center;
      }
    `,
  ];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: { loadPasskeys(): Promise<void>; addPasskey(): Promise<void>; removePasskey(id: string): Promise<void> } = {
    loadPasskeys,
    addPasskey,
    removePasskey,
  };

  private readonly store = new StoreController(this, $passkeys);
  /** The passkey whose removal waits for the user's confirmation. */
  @state() private confirming: Passkey | undefined;
  /** The passkey last asked about: back on the list, its Remove button takes the focus again. */
  private asked: string | undefined;
  /** A new step gets the focus (the view host focuses its `data-step-focus`: the button pressed is gone). */
  private readonly stepFocus = new StepFocusController(this, () => (this.confirming ? 'confirm' : 'list'));

  /** Removes `passkey`, first asking when it is the last one that protects the recovery key. */
  private removeOrConfirm(passkey: Passkey): void {
    const { list, busy } = this.store.value;
    if (busy) return;
    const lastPrf = passkey.prf && !list.some((p) => p.prf && p.id !== passkey.id);
    if (lastPrf && this.confirming?.id !== passkey.id) {
      this.confirming = passkey;
      this.asked = passkey.id;
      return;
    }
    this.confirming = undefined;
    void this.actions.removePasskey(passkey.id);
  }

  private renderPasskey(passkey: Passkey, busy: boolean, focus: boolean) {
    return html`<li data-passkey=${passkey.id}>
      <div class="info">
        <span class="name" dir="auto">${passkey.name}</span>
        <span class="small muted" data-created>${createdText(passkey.createdAt)}</span>
        ${passkey.prf ? html`<span class="small prf" data-prf>${msg('Protects your recovery key')}</span>` : nothing}
      </div>
      <w3-ui-button
        variant="secondary"
        size="sm"
        data-remove
        label=${msg(str`Remove ${passkey.name}`, { desc: 'Passkeys view: the remove button of one passkey' })}
        ?disabled=${busy}
        ?data-step-focus=${focus}
        @click=${() => this.removeOrConfirm(passkey)}
        >${msg('Remove', { desc: 'Passkeys view: remove a passkey' })}</w3-ui-button
      >
    </li>`;
  }

  private confirmTitle(passkey: Passkey): string {
    return msg(str`Remove ${passkey.name}?`, { desc: 'Passkeys view: confirming a removal' });
  }

  private renderConfirm(passkey: Passkey) {
    return html`<div class="confirm" data-confirm role="group" aria-labelledby="confirm-title">
      <h3 id="confirm-title" dir="auto" tabindex="-1" data-step-focus>${this.confirmTitle(passkey)}</h3>
      <p class="muted">
        ${msg(
          'This is your only passkey that protects your recovery key. Once it is removed, the recovery key is protected by the server again.',
        )}
      </p>
      <div class="actions">
        <w3-ui-button variant="secondary" data-cancel @click=${() => (this.confirming = undefined)}>${msg('Cancel')}</w3-ui-button>
        <w3-ui-button data-confirm-remove @click=${() => this.removeOrConfirm(passkey)}
          >${msg('Remove passkey', { desc: 'Passkeys view: confirm removing a passkey' })}</w3-ui-button
        >
      </div>
    </div>`;
  }

  private renderBody() {
    const { status, list, error, busy } = this.store.value;
    if (status === 'error')
      return html`<div class="state">
        <p class="error" role="alert" data-load-error>${errorMessage(error)}</p>
        <w3-ui-button variant="secondary" data-retry @click=${() => void this.actions.loadPasskeys()}>${msg('Try again')}</w3-ui-button>
      </div>`;
    if (status !== 'ready' && list.length === 0)
      return html`<div class="state"><w3-ui-spinner label=${msg('Loading passkeys')}></w3-ui-spinner></div>`;
    // Back on the list: the Remove button of the passkey asked about, else the list (or its empty text).
    const back = busy ? undefined : list.find((p) => p.id === this.asked)?.id;
    return html`${list.length === 0
        ? html`<p class="empty" tabindex="-1" data-step-focus data-empty>${noPasskeysText()}</p>`
        : html`<ul class="stack" tabindex="-1" ?data-step-focus=${back === undefined} aria-label=${msg('Your passkeys')}>
            ${list.map((p) => this.renderPasskey(p, busy, p.id === back))}
          </ul>`}
      <p class="error" role="alert" data-action-error>${error ? errorMessage(error) : ''}</p>
      <w3-ui-button
        full-width
        data-add
        aria-busy=${busy ? 'true' : 'false'}
        ?disabled=${busy}
        @click=${() => void this.actions.addPasskey()}
        >${msg('Add a passkey')}</w3-ui-button
      >`;
  }

  override render() {
    const confirming = this.confirming && this.store.value.list.find((p) => p.id === this.confirming?.id);
    return html`<div class="stack">${confirming ? this.renderConfirm(confirming) : this.renderBody()}</div>`;
  }
}
