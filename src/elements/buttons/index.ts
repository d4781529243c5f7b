import { W3AccountButton } from './account-button.element.js';
import { W3ConnectButton } from './connect-button.element.js';
import { W3NetworkButton } from './network-button.element.js';
import { W3Button } from './w3-button.element.js';

export { W3AccountButton, W3Button, W3ConnectButton, W3NetworkButton };

export function defineButtons(): void {
  W3ConnectButton.define('w3-connect-button');
  W3AccountButton.define('w3-account-button');
  W3NetworkButton.define('w3-network-button');
  W3Button.define('w3-button');
}

declare global {
  interface HTMLElementTagNameMap {
    'w3-button': W3Button;
    'w3-connect-button': W3ConnectButton;
    'w3-account-button': W3AccountButton;
    'w3-network-button': W3NetworkButton;
  }
}
