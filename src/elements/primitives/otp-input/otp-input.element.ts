import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { baseStyles } from '../../styles/theme.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { otpInputStyles } from './otp-input.styles.js';

/** How many digits a one-time code has (the backend mails 6). */
export const OTP_DIGITS = 6;

declare module '../../base/w3-element.js' {
  interface W3ElementEventMap {
    /** The sixth digit is in: the whole code. */
    'w3-complete': CustomEvent<{ value: string }>;
  }
}

let nextId = 0;
const empty = (): string[] => Array.from({ length: OTP_DIGITS }, () => '');
const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/**
 * @summary A one-time code input: six one-digit boxes. A digit moves to the next box, Backspace
 * on an empty box clears the one before and moves there, the arrow keys move, anything but a
 * digit is ignored, and a pasted (or autofilled) code fills the boxes. The digits read left to
 * right in every locale (a code is a number), the layout uses logical properties only.
 * @event {{ value: string }} w3-input - The code changed (the digits typed so far).
 * @event {{ value: string }} w3-complete - The sixth digit is in.
 * @csspart input - Each box.
 */
export class W3UiOtpInput extends W3Element {
  static override readonly tagName = 'w3-ui-otp-input';
  static override styles = [baseStyles, otpInputStyles];

  @property({ type: Boolean, reflect: true }) disabled = false;
  /** An error message shown under the boxes and announced; the boxes are marked invalid and described by it. */
  @property() error: string | undefined;

  @state() private digits = empty();
  private readonly errorId = `w3-otp-${++nextId}-error`;

  /** The digits typed so far, in order. */
  get value(): string {
    return this.digits.join('');
  }

  /** Focuses the first empty box (the first box when none is filled). */
  override focus(options?: FocusOptions): void {
    const index = this.digits.findIndex((d) => !d);
    this.box(index < 0 ? OTP_DIGITS - 1 : index)?.focus(options);
  }

  /** Empties every box. */
  clear(): void {
    this.digits = empty();
  }

  private boxes(): HTMLInputElement[] {
    return Array.from(this.renderRoot.querySelectorAll('input'));
  }

  private box(index: number): HTMLInputElement | undefined {
    return this.boxes()[index];
  }

  private async moveTo(index: number): Promise<void> {
    await this.updateComplete;
    const target = this.box(Math.max(0, Math.min(OTP_DIGITS - 1, index)));
    target?.focus();
    target?.select();
  }

  /** Writes `text`'s digits from box `from` on; emits w3-input, and w3-complete when all six are in. */
  private fill(from: number, text: string): void {
    const incoming = onlyDigits(text)
      .slice(0, OTP_DIGITS - from)
      .split('');
    const next = [...this.digits];
    incoming.forEach((d, i) => (next[from + i] = d));
    this.setDigits(next);
    void this.moveTo(from + incoming.length);
  }

  private setDigits(next: string[]): void {
    const before = this.value;
    this.digits = next;
    const value = this.value;
    if (value === before) return;
    this.emit('w3-input', { value });
    if (value.length === OTP_DIGITS) this.emit('w3-complete', { value });
  }

  private onInput(index: number, e: Event): void {
    const input = e.target as HTMLInputElement;
    const typed = onlyDigits(input.value);
    if (!typed) {
      // An emptied box is empty; a non-digit is dropped (the box keeps its digit).
      if (input.value === '') this.setDigits(this.digits.map((d, i) => (i === index ? '' : d)));
      else input.value = this.digits[index]!;
      return;
    }
    // One digit typed over a selected one, or a whole code autofilled into one box.
    const text = typed.length === 2 && this.digits[index] && typed.startsWith(this.digits[index]) ? typed.slice(1) : typed;
    input.value = text[0]!;
    this.fill(index, text);
  }

  private onKeyDown(index: number, e: KeyboardEvent): void {
    if (e.key === 'Backspace' && !this.digits[index] && index > 0) {
      e.preventDefault();
      this.setDigits(this.digits.map((d, i) => (i === index - 1 ? '' : d)));
      void this.moveTo(index - 1);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      void this.moveTo(index + (e.key === 'ArrowLeft' ? -1 : 1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      void this.moveTo(e.key === 'Home' ? 0 : OTP_DIGITS - 1);
    }
  }

  /** A pasted whole code fills every box from the first, wherever it is pasted; a part fills from here. */
  private onPaste(index: number, e: ClipboardEvent): void {
    e.preventDefault();
    const digits = onlyDigits(e.clipboardData?.getData('text') ?? '');
    if (!digits) return;
    this.fill(digits.length >= OTP_DIGITS ? 0 : index, digits);
  }

  override render() {
    const invalid = this.error ? 'true' : 'false';
    return html`<div class="boxes" role="group" aria-label=${msg('Verification code')} dir="ltr">
        ${this.digits.map(
          (digit, i) =>
            html`<input
              part="input"
              type="text"
              inputmode="numeric"
              pattern="[0-9]*"
              autocomplete=${i === 0 ? 'one-time-code' : 'off'}
              aria-label=${msg(str`Digit ${i + 1} of ${OTP_DIGITS}`)}
              aria-invalid=${invalid}
              aria-describedby=${this.error ? this.errorId : nothing}
              ?disabled=${this.disabled}
              .value=${live(digit)}
              @input=${(e: Event) => this.onInput(i, e)}
              @keydown=${(e: KeyboardEvent) => this.onKeyDown(i, e)}
              @paste=${(e: ClipboardEvent) => this.onPaste(i, e)}
              @focus=${(e: FocusEvent) => (e.target as HTMLInputElement).select()}
            />`,
        )}
      </div>
      ${this.error ? html`<p class="error" id=${this.errorId} role="alert">${this.error}</p>` : nothing}`;
  }
}
