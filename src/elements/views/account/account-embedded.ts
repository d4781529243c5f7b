import { html, nothing } from 'lit';
import { truncateEmail } from '../../../core/address.js';
import type { FrameUser } from '../../../frame/messages.js';
import { msg } from '../../base/localize.js';
import { icon } from '../../primitives/icons.js';

/** What the embedded wallet's rows do (the account view passes its actions). */
export interface EmbeddedAccountActions {
  updateEmail(): void;
  exportKey(): void;
}

/** The embedded wallet's e-mail, under the address (truncated past 30 characters, whole in its title). */
export function renderEmbeddedEmail(user: FrameUser | undefined) {
  if (!user?.email) return nothing;
  return html`<span class="small muted" data-embedded-email dir="ltr" title=${user.email}>${truncateEmail(user.email)}</span>`;
}

/** 'Update e-mail' and 'Export key', for the embedded wallet only. */
export function renderEmbeddedRows(user: FrameUser | undefined, actions: EmbeddedAccountActions) {
  if (!user) return nothing;
  return html`<w3-ui-list-item chevron data-embedded="update-email" @click=${() => actions.updateEmail()}>
      <span slot="image" class="muted">${icon('mail', 22)}</span>
      ${msg('Update e-mail')}
    </w3-ui-list-item>
    <w3-ui-list-item chevron data-embedded="export-key" @click=${() => actions.exportKey()}>
      <span slot="image" class="muted">${icon('wallet', 22)}</span>
      ${msg('Export key')}
    </w3-ui-list-item>`;
}
