import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../../styles/theme.js';
import { W3Element } from '../../base/w3-element.js';
import { textInputStyles } from './text-input.styles.js';

let nextId = 0;

/**
 * @summary A labelled text input. Fires `w3-input` on each change and `w3-submit` on Enter. With
 * `error` set the input is marked invalid (`aria-invalid`, a red border) and described by the
 * message shown under it.
 * @event {{ value: string }} w3-input - The value changed.
 * @event {{ value: string }} w3-submit - Enter was pressed.
 * @csspart input - The native input.
 */
export class W3UiTextInput extends W3Element {
  static override readonly tagName = 'w3-ui-text-input';
  static override styles = [baseStyles, textInputStyles];

  @property() label = '';
  @property({ type: Boolean, attribute: 'hide-label' }) hideLabel = false;
  @property() value = '';
  @property() placeholder = '';
  @property() type: 'text' | 'email' | 'search' = 'text';
  @property() autocomplete: string | undefined;
  /** The virtual keyboard to offer, e.g. `decimal` for amounts (the native input's `inputmode`). */
  @property() inputmode: 'text' | 'decimal' | 'numeric' | 'email' | 'search' | undefined;
  /** An error message shown under the input and announced (reflected: a form can reserve its line while there is none). */
  @property({ reflect: true }) error: string | undefined;
  @property({ type: Boolean }) disabled = false;

  private readonly inputId = `w3-input-${++nextId}`;

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('input')?.focus(options);
  }

  private onInput(e: Event): void {
    this.value = (e.target as HTMLInputElement).value;
    this.emit('w3-input', { value: this.value });
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.key === 'Enter') this.emit('w3-submit', { value: this.value });
  }

  override render() {
    const errorId = `${this.inputId}-error`;
    return html`<label class=${this.hideLabel ? 'hidden' : ''} for=${this.inputId}>${this.label}</label>
      <input
        part="input"
        id=${this.inputId}
        .value=${this.value}
        type=${this.type}
        placeholder=${this.placeholder}
        autocomplete=${this.autocomplete ?? nothing}
        inputmode=${this.inputmode ?? nothing}
        ?disabled=${this.disabled}
        aria-invalid=${this.error ? 'true' : 'false'}
        aria-describedby=${this.error ? errorId : nothing}
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
      />
      ${this.error ? html`<p class="error" id=${errorId} role="alert">${this.error}</p>` : nothing}`;
  }
}
