import { svg, type SVGTemplateResult } from 'lit';

/** A key, for passkeys: decorative (the control it sits in names it). */
export function passkeyIcon(size = 20): SVGTemplateResult {
  return svg`<svg aria-hidden="true" focusable="false" width=${size} height=${size} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="15" cy="9" r="4" /><path d="M12.2 11.8L4 20M7 17l2 2M9.5 14.5l2 2" /></svg>`;
}

/** Whether this browser has WebAuthn (read when rendering, never at import). */
export const hasWebAuthn = (): boolean =>
  typeof window !== 'undefined' && Boolean((window as { PublicKeyCredential?: unknown }).PublicKeyCredential);
