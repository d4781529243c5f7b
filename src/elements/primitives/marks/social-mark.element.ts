import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { socialMarkStyles } from './social-mark.styles.js';

/**
 * @summary A social provider's own mark (Google's in its colours; GitHub's, Apple's and X's in
 * the text colour, so they follow the theme), from the bundled marks (a lazy chunk loaded when
 * the first one renders). Decorative: the button around it carries the name.
 * @csspart mark - The box holding the mark's <svg>.
 */
export class W3UiSocialMark extends W3Element {
  static override readonly tagName = 'w3-ui-social-mark';
  static override styles = socialMarkStyles;

  @property() provider = '';
  /** Its width and height in CSS pixels. */
  @property({ type: Number }) size = 24;

  override render() {
    return html`<span part="mark" aria-hidden="true"></span>`;
  }

  override updated(): void {
    // Through the CSSOM, which a style-src CSP without 'unsafe-inline' allows.
    this.style.width = this.style.height = `${this.size}px`;
    const provider = this.provider;
    import('../../../wire/marks/marks-data.js').then(
      ({ socialSvg }) => this.show(provider, socialSvg(provider) ?? ''),
      () => undefined, // a chunk that failed to load leaves the box empty; the button keeps its name
    );
  }

  private show(provider: string, svg: string): void {
    const box = this.renderRoot.querySelector('span');
    if (!box || provider !== this.provider) return;
    // The generated module holds only marks the backend's sanitiser passed (server/src/images/sanitize.ts).
    const shown = svg ? this.provider : '';
    if (box.dataset['mark'] !== shown) {
      box.innerHTML = svg;
      box.dataset['mark'] = shown;
    }
  }
}
