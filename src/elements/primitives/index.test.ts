import { expect } from 'chai';
import * as primitives from './index.js';

describe('definePrimitives', () => {
  it('defines each tag once even when define runs twice', () => {
    primitives.definePrimitives();
    primitives.definePrimitives();
    expect(customElements.get('w3-ui-button')).to.be.a('function');
  });

  it('defines every exported primitive under its own tagName', () => {
    primitives.definePrimitives();
    const classes = Object.entries(primitives).filter(([name]) => name !== 'definePrimitives');
    expect(classes.map(([name]) => name)).to.have.length(10);
    for (const [name, klass] of classes) {
      const tagName = (klass as { tagName: string }).tagName;
      expect(tagName, name).to.match(/^w3-/);
      expect(customElements.get(tagName), name).to.equal(klass);
    }
  });
});

describe('primitives of lazily loaded views', () => {
  it('are left to the views that show them, out of the first chunk', async () => {
    primitives.definePrimitives();
    expect(customElements.get('w3-ui-tabs')).to.equal(undefined);
    expect(customElements.get('w3-qr-code')).to.equal(undefined);
    await import('../views/account/account-view.js');
    expect(customElements.get('w3-ui-tabs')).to.be.a('function');
    await import('../views/wallet-receive/wallet-receive-view.js');
    expect(customElements.get('w3-qr-code')).to.be.a('function');
  });
});
