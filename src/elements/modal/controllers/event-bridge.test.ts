import { expect } from 'chai';
import { emitEvent, type W3EventType } from '../../../stores/app/events.js';
import { MODAL_EVENTS, modalEventFor } from '../../base/events.js';
import { W3Element } from '../../base/w3-element.js';
import { EventBridgeController } from './event-bridge.js';

class EventBridgeHost extends W3Element {
  static override readonly tagName = 'w3-test-event-bridge-host';
  readonly bridge = new EventBridgeController(this);
}
EventBridgeHost.define();

/** Events that reach the document from the host, as `name:detail-json`. */
function record(): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const names = Object.keys(MODAL_EVENTS);
  const on = (e: Event): void => {
    const { bubbles, composed } = e;
    seen.push(`${e.type}:${JSON.stringify((e as CustomEvent).detail)}:${bubbles && composed ? 'bubbles' : 'stays'}`);
  };
  for (const name of names) document.addEventListener(name, on);
  return { seen, stop: () => names.forEach((name) => document.removeEventListener(name, on)) };
}

describe('EventBridgeController', () => {
  afterEach(() => document.body.replaceChildren());

  it('maps each store event of the table to its DOM event, and others to none', () => {
    expect(modalEventFor('MODAL_OPEN')).to.equal('w3-open');
    expect(modalEventFor('CONNECT_SUCCESS')).to.equal('w3-connect');
    expect(modalEventFor('ERROR')).to.equal('w3-error');
    expect(modalEventFor('VIEW_CHANGE')).to.equal(undefined);
    expect(modalEventFor('MODAL_CREATED')).to.equal(undefined);
    for (const [name, storeEvent] of Object.entries(MODAL_EVENTS)) expect(modalEventFor(storeEvent)).to.equal(name);
  });

  it('fires the store events on the connected host, bubbling and composed, with their data', () => {
    const host = document.createElement(EventBridgeHost.tagName);
    document.body.append(host);
    const { seen, stop } = record();
    emitEvent('CONNECT_SUCCESS', { address: '0xabc', caipAddress: 'eip155:1:0xabc', namespace: 'eip155' });
    emitEvent('VIEW_CHANGE', { view: 'Account' });
    emitEvent('MODAL_CLOSE');
    stop();
    expect(seen).to.deep.equal([
      'w3-connect:{"address":"0xabc","caipAddress":"eip155:1:0xabc","namespace":"eip155"}:bubbles',
      'w3-close:{}:bubbles',
    ]);
  });

  it('stops when the host disconnects and resumes when it connects again', () => {
    const host = document.createElement(EventBridgeHost.tagName);
    document.body.append(host);
    host.remove();
    const { seen, stop } = record();
    const fire = (type: W3EventType): void => void emitEvent(type, { caipNetworkId: 'eip155:1' });
    fire('NETWORK_CHANGE');
    document.body.append(host);
    fire('NETWORK_CHANGE');
    stop();
    expect(seen).to.deep.equal(['w3-network-change:{"caipNetworkId":"eip155:1"}:bubbles']);
  });
});
