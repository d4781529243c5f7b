/**
 * SyncTheme in the frame: a light/dark class on the root and the host's theme variables, only
 * those on the list below (the ones frame.css reads: the modal's public `--w3-*` variables and
 * the palette the modal resolved for the frame) and only values that can name a colour, a
 * length or a font (no `url(`, `image(`, `var(`, no declaration or rule breaks). Anything else
 * is dropped, and a variable the host no longer sends goes back to frame.css's default.
 */
import type { FramePayload } from '../../messages.js';

/** The variables the host may set, each read by frame.css. */
export const THEME_VARIABLES: readonly string[] = [
  '--w3-accent',
  '--w3-font-family',
  '--w3-font-size-master',
  '--w3-border-radius-master',
  '--w3-color-mix',
  '--w3-color-mix-strength',
  // The modal's resolved palette (src/stores/embedded/frame-theme.ts).
  '--w3-frame-bg',
  '--w3-frame-surface',
  '--w3-frame-fg',
  '--w3-frame-muted',
  '--w3-frame-border',
  '--w3-frame-accent-fg',
  '--w3-frame-danger',
  '--w3-frame-focus',
];

const FORBIDDEN_FUNCTION = /(url|image|image-set|cross-fade|element|attr|env|var|expression|paint)\s*\(/i;
const SAFE_VALUE = /^[\p{L}\p{N}\s#%().,'"+*/-]{1,200}$/u;

/** Whether `value` may stand as a theme variable's value in the frame. */
export const safeThemeValue = (value: string): boolean => SAFE_VALUE.test(value) && !FORBIDDEN_FUNCTION.test(value);

export function applyTheme(root: HTMLElement, theme: FramePayload<'SyncTheme'>): void {
  root.classList.toggle('dark', theme.themeMode === 'dark');
  root.classList.toggle('light', theme.themeMode === 'light');
  const sent = theme.themeVariables ?? {};
  for (const name of THEME_VARIABLES) {
    const value = Object.hasOwn(sent, name) ? sent[name]!.trim() : undefined;
    if (value !== undefined && safeThemeValue(value)) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
}
