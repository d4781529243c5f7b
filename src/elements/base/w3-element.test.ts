import { expect } from 'chai';
import { W3Element } from './w3-element.js';

class FirstDefinition extends W3Element {
  static override readonly tagName = 'w3-test-define-once';
}
class SecondDefinition extends W3Element {
  static override readonly tagName = 'w3-test-define-once';
}
class Untagged extends W3Element {}

describe('W3Element', () => {
  afterEach(() => document.body.replaceChildren());

  it('define() registers the static tagName once; a second build defining it is ignored', () => {
    FirstDefinition.define();
    SecondDefinition.define();
    FirstDefinition.define();
    expect(customElements.get('w3-test-define-once')).to.equal(FirstDefinition);
    expect(document.createElement('w3-test-define-once')).to.be.instanceOf(FirstDefinition);
  });

  it('define() refuses a class without a tagName', () => {
    expect(() => Untagged.define()).to.throw('"undefined" is not a valid custom element name');
  });

  it('emit() dispatches a bubbling, composed CustomEvent, cancelable on request', () => {
    FirstDefinition.define();
    const el = document.createElement('w3-test-define-once') as FirstDefinition;
    document.body.append(el);
    const seen: CustomEvent[] = [];
    document.addEventListener('w3-input', (e) => seen.push(e as CustomEvent), { once: true });
    el.addEventListener('w3-submit', (e) => e.preventDefault(), { once: true });
    expect(el.emit('w3-input', { value: 'a' })).to.equal(true);
    expect(el.emit('w3-submit', { value: 'b' }, { cancelable: true })).to.equal(false);
    expect(seen.map((e) => [e.detail, e.bubbles, e.composed, e.cancelable])).to.deep.equal([[{ value: 'a' }, true, true, false]]);
  });
});
