import { atom, computed, map, onMount } from 'nanostores';
import type { ThemeMode } from '../../core/options.js';
import { themeVariablesSchema } from '../../core/options.js';
import { safeParse } from '../../core/schema.js';
import { W3ConfigError } from '../../core/errors.js';
import { resettable } from '../app/reset.js';

/** The mode the app set; undefined follows prefers-color-scheme live. */
export const $themeModeSetting = resettable(atom<ThemeMode | undefined>(undefined));
/** The system's preference, tracked while something listens. */
export const $systemTheme = atom<ThemeMode>('light');
export const $themeVariables = resettable(map<Record<string, string | number>>({}));

export const $themeMode = computed([$themeModeSetting, $systemTheme], (setting, system) => setting ?? system);

const QUERY = '(prefers-color-scheme: dark)';

onMount($systemTheme, () => {
  if (typeof matchMedia !== 'function') return;
  const mql = matchMedia(QUERY);
  const update = (): void => $systemTheme.set(mql.matches ? 'dark' : 'light');
  update();
  mql.addEventListener('change', update);
  return () => mql.removeEventListener('change', update);
});

export function setThemeMode(mode: ThemeMode | undefined): void {
  if (mode !== undefined && mode !== 'light' && mode !== 'dark') {
    throw new W3ConfigError('themeMode', 'must be "light" or "dark"');
  }
  $themeModeSetting.set(mode);
}

/** Merges variables (keys are --w3-* names); a bad key throws W3ConfigError naming it. */
export function setThemeVariables(variables: Record<string, string | number>): void {
  const result = safeParse(themeVariablesSchema, variables);
  if (!result.success) {
    const { path, message } = result.issue;
    throw new W3ConfigError(['themeVariables', ...path].map(String).join('.'), message);
  }
  $themeVariables.set({ ...$themeVariables.get(), ...result.data });
}
