import { css } from 'lit';

/**
 * Public theme variables (set by the page or `themeVariables`), turned into internal --w3i-*
 * tokens for the light and dark palettes. Both palettes pass WCAG AA contrast for text and
 * controls (pinned by the axe checks in the browser tests).
 */
export const themeTokens = css`
  :host {
    --w3i-font-family: var(--w3-font-family, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --w3i-font-master: var(--w3-font-size-master, 10px);
    --w3i-radius-master: var(--w3-border-radius-master, 4px);
    --w3i-z-index: var(--w3-z-index, 999);
    --w3i-mix: var(--w3-color-mix, transparent);
    --w3i-mix-strength: var(--w3-color-mix-strength, 0%);
    --w3i-text-xs: calc(var(--w3i-font-master) * 1.2);
    --w3i-text-sm: calc(var(--w3i-font-master) * 1.4);
    --w3i-text-md: calc(var(--w3i-font-master) * 1.6);
    --w3i-text-lg: calc(var(--w3i-font-master) * 2);
    --w3i-radius-sm: calc(var(--w3i-radius-master) * 2);
    --w3i-radius-md: calc(var(--w3i-radius-master) * 4);
    --w3i-radius-lg: calc(var(--w3i-radius-master) * 7);
    --w3i-radius-full: 999px;

    --w3i-base-bg: #ffffff;
    --w3i-fg: #141418;
    --w3i-fg-muted: #55555f;
    --w3i-base-surface: #f1f1f4;
    --w3i-base-surface-hover: #e5e5ea;
    --w3i-border: #dcdce2;
    --w3i-accent: var(--w3-accent, #2b59c3);
    --w3i-accent-fg: #ffffff;
    --w3i-error: #c0262d;
    --w3i-success: #1b7a3a;
    --w3i-focus: #1f4fbf;
    --w3i-overlay: var(--w3-overlay-background, rgba(20, 20, 24, 0.45));
    --w3i-shadow: 0 8px 32px rgba(0, 0, 0, 0.16);

    --w3i-bg: color-mix(in srgb, var(--w3i-mix) var(--w3i-mix-strength), var(--w3i-base-bg));
    --w3i-surface: color-mix(in srgb, var(--w3i-mix) var(--w3i-mix-strength), var(--w3i-base-surface));
    --w3i-surface-hover: color-mix(in srgb, var(--w3i-mix) var(--w3i-mix-strength), var(--w3i-base-surface-hover));
    color-scheme: light;
    font-family: var(--w3i-font-family);
  }
  :host([theme='dark']) {
    --w3i-base-bg: #17181c;
    --w3i-fg: #f2f2f5;
    --w3i-fg-muted: #a9a9b4;
    --w3i-base-surface: #24252b;
    --w3i-base-surface-hover: #303139;
    --w3i-border: #3a3b44;
    --w3i-accent: var(--w3-accent, #8fb1ff);
    --w3i-accent-fg: #0c0d12;
    --w3i-error: #ff8a8f;
    --w3i-success: #6fdc8c;
    --w3i-focus: #a8c3ff;
    --w3i-overlay: var(--w3-overlay-background, rgba(0, 0, 0, 0.6));
    --w3i-shadow: 0 8px 32px rgba(0, 0, 0, 0.5);
    color-scheme: dark;
  }
`;

/**
 * Icons that point (back, chevrons, send/receive arrows, disconnect) carry the class
 * `rtl-mirror` (icon(), featureIcon()) and face the other way in a right-to-left locale: the
 * direction inherits from the host's `dir` into every shadow root.
 */
export const rtlMirrorStyles = css`
  svg.rtl-mirror:dir(rtl) {
    transform: scaleX(-1);
  }
`;

/** Shared focus ring, mirrored icons and reduced-motion rules for every element's shadow root. */
export const baseStyles = css`
  ${rtlMirrorStyles}
  :host {
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
    }
  }
`;
