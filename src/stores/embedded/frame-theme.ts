/**
 * The theme as the modal resolved it, for the frame (SyncTheme): the values the modal's own
 * tokens (src/elements/styles/theme.ts) compute to where the frame's iframe sits, after the
 * page's CSS and the app's theme variables, so that the frame's screen wears the modal's accent,
 * palette, radius and font and blends into its card. Read from the iframe's holder in the
 * modal's shadow root; none while the iframe is not in a page.
 */

/** The frame's variable (ui/theme.ts's list in the frame) ← the modal's resolved token. */
const RESOLVED: Readonly<Record<string, string>> = {
  '--w3-accent': '--w3i-accent',
  '--w3-font-family': '--w3i-font-family',
  '--w3-font-size-master': '--w3i-font-master',
  '--w3-border-radius-master': '--w3i-radius-master',
  '--w3-frame-bg': '--w3i-bg',
  '--w3-frame-surface': '--w3i-surface',
  '--w3-frame-fg': '--w3i-fg',
  '--w3-frame-muted': '--w3i-fg-muted',
  '--w3-frame-border': '--w3i-border',
  '--w3-frame-accent-fg': '--w3i-accent-fg',
  '--w3-frame-danger': '--w3i-error',
  '--w3-frame-focus': '--w3i-focus',
};

/** The modal's resolved values at `iframe` (empty when it is in no page or the tokens are not there). */
export function resolvedTheme(iframe: Element | undefined): Record<string, string> {
  const holder = iframe?.parentElement;
  if (!holder?.isConnected || typeof getComputedStyle !== 'function') return {};
  const style = getComputedStyle(holder);
  const values: Record<string, string> = {};
  for (const [name, token] of Object.entries(RESOLVED)) {
    const value = style.getPropertyValue(token).trim();
    if (value && value.length <= 200) values[name] = value;
  }
  return values;
}

/** Resolves once the element holding `iframe` has rendered the latest theme (a Lit update is async). */
export async function afterHolderUpdate(iframe: Element | undefined): Promise<void> {
  const root = typeof iframe?.getRootNode === 'function' ? iframe.getRootNode() : undefined;
  const host = root && 'host' in root ? (root.host as { updateComplete?: Promise<unknown> }) : undefined;
  await host?.updateComplete;
}
