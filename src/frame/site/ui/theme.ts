/** SyncTheme in the frame: a light/dark class on the root and the host's `--w3-*` variables. */
import type { FramePayload } from '../../messages.js';

export function applyTheme(root: HTMLElement, theme: FramePayload<'SyncTheme'>): void {
  root.classList.toggle('dark', theme.themeMode === 'dark');
  root.classList.toggle('light', theme.themeMode === 'light');
  for (const [name, value] of Object.entries(theme.themeVariables ?? {})) root.style.setProperty(name, value);
}
