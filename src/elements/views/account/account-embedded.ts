import { html, nothing } from 'lit';
import { truncateEmail } from '../../../core/address.js';
import { SOCIAL_NAMES } from '../../../core/social-names.js';
import type { FrameUser } from '../../../frame/messages.js';
import { msg } from '../../base/localize.js';
import { icon } from '../../primitives/icons.js';
import { hasWebAuthn, passkeyIcon } from '../passkeys/passkey-icon.js';

/** What the embedded wallet's rows do (the account view passes its actions). */
export interface EmbeddedAccountActions {
  updateEmail(): void;
  exportKey(): void;
  passkeys(): void;
  devices(): void;
}

/** 'Google · alice', 'Farcaster · @alice' (the username, else the e-mail, else the provider alone). */
export function socialIdentity(
  provider: NonNullable<FrameUser['socialProvider']>,
  userName: string | undefined,
  email: string | null,
): string {
  const name = userName && provider === 'farcaster' && !userName.startsWith('@') ? `@${userName}` : (userName ?? email);
  return name ? `${SOCIAL_NAMES[provider]} · ${name}` : SOCIAL_NAMES[provider];
}

/**
 * The embedded wallet's login identity, under the address: the social provider and the username
 * when the user logged in that way, else the e-mail (truncated past 30 characters, whole in its title).
 */
export function renderEmbeddedIdentity(user: FrameUser | undefined) {
  if (user?.socialProvider) {
    const identity = socialIdentity(user.socialProvider, user.userName, user.email);
    return html`<span class="small muted" data-embedded-identity dir="auto" title=${identity}>${identity}</span>`;
  }
  if (!user?.email) return nothing;
  return html`<span class="small muted" data-embedded-email dir="ltr" title=${user.email}>${truncateEmail(user.email)}</span>`;
}

/**
 * 'Passkeys' (where the browser has WebAuthn), and 'Devices', 'Update e-mail' and 'Export key'
 * (only with an e-mail: the devices it approved; the others send a code to it), for the embedded
 * wallet only.
 */
export function renderEmbeddedRows(user: FrameUser | undefined, actions: EmbeddedAccountActions) {
  if (!user) return nothing;
  return html`${hasWebAuthn()
    ? html`<w3-ui-list-item chevron data-embedded="passkeys" @click=${() => actions.passkeys()}>
        <span slot="image" class="muted">${passkeyIcon(22)}</span>
        ${msg('Passkeys')}
      </w3-ui-list-item>`
    : nothing}
  ${user.email
    ? html`<w3-ui-list-item chevron data-embedded="devices" @click=${() => actions.devices()}>
          <span slot="image" class="muted">${icon('devices', 22)}</span>
          ${msg('Devices')}
        </w3-ui-list-item>
        <w3-ui-list-item chevron data-embedded="update-email" @click=${() => actions.updateEmail()}>
          <span slot="image" class="muted">${icon('mail', 22)}</span>
          ${msg('Update e-mail')}
        </w3-ui-list-item>
        <w3-ui-list-item chevron data-embedded="export-key" @click=${() => actions.exportKey()}>
          <span slot="image" class="muted">${icon('wallet', 22)}</span>
          ${msg('Export key')}
        </w3-ui-list-item>`
    : nothing}`;
}
