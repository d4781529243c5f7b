import { expect } from 'chai';
import { MODAL_EVENTS } from './events.js';

interface ManifestClass {
  name: string;
  tagName?: string;
  events?: { name: string; type?: { text: string } }[];
}

describe('MODAL_EVENTS', () => {
  it('lists the modal events DESIGN.md names, then the sign-in ones, each from its own store event', () => {
    expect(Object.keys(MODAL_EVENTS)).to.deep.equal([
      'w3-open',
      'w3-close',
      'w3-connect',
      'w3-disconnect',
      'w3-network-change',
      'w3-error',
      'w3-siwx-sign-in',
      'w3-siwx-sign-out',
    ]);
    expect(MODAL_EVENTS['w3-siwx-sign-in']).to.equal('SIWX_AUTH_SUCCESS');
    expect(MODAL_EVENTS['w3-siwx-sign-out']).to.equal('SIWX_SIGN_OUT');
    const storeEvents: string[] = Object.values(MODAL_EVENTS);
    expect(new Set(storeEvents).size).to.equal(storeEvents.length);
  });

  it("matches <w3-modal>'s @event JSDoc in custom-elements.json (which the React wrappers come from)", async () => {
    const manifest = (await (await fetch('/custom-elements.json')).json()) as { modules: { declarations?: ManifestClass[] }[] };
    const modal = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'w3-modal');
    expect(modal?.events?.map((e) => e.name)).to.deep.equal(Object.keys(MODAL_EVENTS));
  });
});
