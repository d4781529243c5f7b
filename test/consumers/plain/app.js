// @ts-check
// Type-checked by tsc (checkJs) against the package's types; run by the browser as it is.
import { createW3Modal, networks } from 'w3kit';

/** @type {{ rpcUrl: string } | undefined} */
const env = Reflect.get(window, '__W3_CONSUMER__');
/** @type {import('w3kit').Network} */
const localChain = { ...networks.localhost, rpcUrls: { default: { http: [env?.rpcUrl ?? 'http://127.0.0.1:8545'] } } };

const modal = createW3Modal({
  networks: [localChain],
  metadata: { name: 'Plain page', description: 'w3kit without a bundler', url: location.origin, icons: [] },
});
Reflect.set(window, 'modal', modal);

const out = /** @type {HTMLOutputElement} */ (document.getElementById('modal-address'));
modal.subscribeAccount((account) => {
  out.value = account.address ?? '';
});
