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
    expect(classes.map(([name]) => name)).to.have.length(11);
    for (const [name, klass] of classes) {
      const tagName = (klass as { tagName: string }).tagName;
      expect(tagName, name).to.match(/^w3-/);
      expect(customElements.get(tagName), name).to.equal(klass);
    }
  });
});
