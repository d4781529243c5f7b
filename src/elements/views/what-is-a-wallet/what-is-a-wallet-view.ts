import { W3WhatIsAWalletView } from './what-is-a-wallet-view.element.js';

export { W3WhatIsAWalletView };
/** The view's class, which the view registry's loader resolves to. */
export default W3WhatIsAWalletView;
W3WhatIsAWalletView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3WhatIsAWalletView.tagName]: W3WhatIsAWalletView;
  }
}
