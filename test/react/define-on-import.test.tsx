/**
 * Importing only a wrapper from w3kit/react defines the elements, as a consumer's bundle does it:
 * nothing else from the module is used and createW3Modal is never called. Kept apart from
 * react.test.tsx, whose other imports would keep src/react/index.ts in the bundle anyway.
 * scripts/bundle-react-test.mjs applies package.json's `sideEffects` to the src/ files.
 */
import { expect } from 'chai';
import { W3Button } from '../../src/react/index.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;

const PAGE_ELEMENTS = ['w3-modal', 'w3-button', 'w3-connect-button', 'w3-account-button', 'w3-network-button'];
const definedOnImport = PAGE_ELEMENTS.filter((tag) => customElements.get(tag));

describe('w3kit/react import', () => {
  it('defines every page element', () => {
    expect(W3Button.displayName).to.equal('W3Button');
    expect(definedOnImport).to.deep.equal(PAGE_ELEMENTS);
  });
});
