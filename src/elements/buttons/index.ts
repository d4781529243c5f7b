import { W3AccountButton } from './account-button.element.js';
import { W3ConnectButton } from './connect-button.element.js';
import { W3NetworkButton } from './network-button.element.js';
import { W3Button } from './w3-button.element.js';

export { W3AccountButton, W3Button, W3ConnectButton, W3NetworkButton };

export function defineButtons(): void {
  W3ConnectButton.define();
  W3AccountButton.define();
  W3NetworkButton.define();
  W3Button.define();
}

declare global {
  interface HTMLElementTagNameMap {
    [W3Button.tagName]: W3Button;
    [W3ConnectButton.tagName]: W3ConnectButton;
    [W3AccountButton.tagName]: W3AccountButton;
    [W3NetworkButton.tagName]: W3NetworkButton;
  }
}
