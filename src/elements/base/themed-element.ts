import type { PropertyValues } from 'lit';
import { StoreController } from './store-controller.js';
import { $themeMode, $themeVariables } from '../../stores/ui/theme.js';
import { $locale, $localeDir } from '../../stores/ui/locale.js';
import { W3Element } from './w3-element.js';

/**
 * A top-level element a page places (modal, buttons): reflects the theme mode as `theme` on the
 * host, so the palette in `themeTokens` applies, and writes the app's --w3-* variables onto it.
 * Sets the host's `lang` and `dir` to the active locale's, so screen readers read it in its
 * language and right-to-left locales lay out right to left.
 */
export class ThemedElement extends W3Element {
  private readonly themeModeStore = new StoreController(this, $themeMode);
  private readonly themeVariables = new StoreController(this, $themeVariables);
  private appliedVariables: string[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.setAttribute('theme', this.themeModeStore.value);
    this.lang = $locale.get();
    this.dir = $localeDir.get();
    const vars = this.themeVariables.value;
    for (const name of this.appliedVariables) if (!(name in vars)) this.style.removeProperty(name);
    for (const [name, value] of Object.entries(vars)) this.style.setProperty(name, String(value));
    this.appliedVariables = Object.keys(vars);
  }
}
