/**
 * The Connect view's social section: the configured socials in order as icon buttons in one row,
 * each named exactly by its provider; up to four fit, with more the first three and a 'more'
 * button ('More social logins') that opens ConnectSocials. Arrow keys move along the row.
 */
import { css, html, type TemplateResult } from 'lit';
import type { SocialProvider } from '../../../core/options.js';
import { SOCIAL_NAMES, startSocialLogin } from '../../../stores/embedded/social.js';
import { pushView } from '../../../stores/ui/router.js';
import { msg } from '../../base/localize.js';
import { socialIcon } from './social-icons.js';

/** How many icon buttons the row holds; with more socials the last place is the 'more' button. */
export const SOCIAL_ROW_MAX = 4;

export const socialRowStyles = css`
  .socials {
    display: flex;
    gap: 8px;
  }
  .socials li {
    flex: 1 1 0;
  }
  .social {
    all: unset;
    box-sizing: border-box;
    display: grid;
    place-items: center;
    width: 100%;
    min-width: 44px;
    min-height: 44px;
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    cursor: pointer;
    transition: background-color 0.12s ease;
  }
  .social:hover {
    background: var(--w3i-surface-hover);
  }
  .social:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    .social {
      transition: none;
    }
  }
`;

/** Left and Right (mirrored in RTL), Home and End move the focus along the row. */
function onRowKey(event: KeyboardEvent): void {
  const row = event.currentTarget as HTMLElement;
  const buttons = [...row.querySelectorAll<HTMLButtonElement>('button.social')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  const rtl = getComputedStyle(row).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
  let next: number | undefined;
  if (step !== undefined) next = (at + step + buttons.length) % buttons.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  if (next === undefined) return;
  event.preventDefault();
  buttons[next]?.focus();
}

const button = (name: string, icon: TemplateResult | ReturnType<typeof socialIcon>, onClick: () => void, data: string) =>
  html`<li>
    <button type="button" class="social" aria-label=${name} title=${name} data-social=${data} @click=${onClick}>${icon}</button>
  </li>`;

/** The row for `socials` (undefined when there is none to show). */
export function renderSocialRow(socials: false | readonly SocialProvider[]): TemplateResult | undefined {
  if (!socials || socials.length === 0) return undefined;
  const more = socials.length > SOCIAL_ROW_MAX;
  const shown = more ? socials.slice(0, SOCIAL_ROW_MAX - 1) : socials;
  return html`<ul class="socials" aria-label=${msg('Social login')} @keydown=${onRowKey}>
    ${shown.map((provider) => button(SOCIAL_NAMES[provider], socialIcon(provider), () => startSocialLogin(provider), provider))}
    ${more ? button(msg('More social logins'), socialIcon('more'), () => pushView('ConnectSocials'), 'more') : ''}
  </ul>`;
}
