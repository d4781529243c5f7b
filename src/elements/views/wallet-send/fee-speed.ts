/**
 * The Review step's fee speed, on chains whose rules offer it (Bitcoin): a native radio group
 * (a fieldset with its legend; arrow keys move the choice), slow, normal or fast. Choosing one
 * estimates the fee again at that speed.
 */
import { html } from 'lit';
import type { FeeSpeed } from '../../../chains/types.js';
import { msg } from '../../base/localize.js';

const SPEEDS: readonly FeeSpeed[] = ['slow', 'normal', 'fast'];

function speedLabel(speed: FeeSpeed): string {
  switch (speed) {
    case 'slow':
      return msg('Slow', { id: 'send-fee-speed-slow', desc: 'Send view review: the cheapest fee, confirmed in about an hour' });
    case 'normal':
      return msg('Normal', { id: 'send-fee-speed-normal', desc: 'Send view review: the usual fee, confirmed in about half an hour' });
    case 'fast':
      return msg('Fast', { id: 'send-fee-speed-fast', desc: 'Send view review: the highest fee, confirmed in the next block' });
  }
}

export function renderFeeSpeed(current: FeeSpeed, disabled: boolean, choose: (speed: FeeSpeed) => void) {
  return html`<fieldset class="fee-speed" data-fee-speed ?disabled=${disabled}>
    <legend>${msg('Fee speed', { id: 'send-fee-speed', desc: 'Send view review: legend of the slow/normal/fast fee choice' })}</legend>
    ${SPEEDS.map(
      (speed) =>
        html`<label
          ><input type="radio" name="fee-speed" value=${speed} .checked=${speed === current} @change=${() => choose(speed)} />${speedLabel(
            speed,
          )}</label
        >`,
    )}
  </fieldset>`;
}
