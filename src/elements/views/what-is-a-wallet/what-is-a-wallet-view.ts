import { W3WhatIsAWalletView } from './what-is-a-wallet-view.element.js';

export { W3WhatIsAWalletView };
W3WhatIsAWalletView.define('w3-what-is-a-wallet-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-what-is-a-wallet-view': W3WhatIsAWalletView;
  }
}
