import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { walletEntry } from '../../test-utils/wallet-entry.js';
import { $connectView, chooseRegistryWallet } from './connect-view.js';
import { $connectors, type Connector } from '../connection/connectors.js';
import { resetOptions, setOptions } from '../app/options.js';
import { prepareWalletConnect } from '../walletconnect/connector.js';
import { resetWalletList, type RegistryWallet } from '../registry/wallet-list.js';
import { fetchWalletLists, selectRegistryWallet } from '../registry/wallet-registry.js';

vi.mock('../walletconnect/connector.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../walletconnect/connector.js')>()),
  prepareWalletConnect: vi.fn(),
}));
vi.mock('../registry/wallet-registry.js', () => ({ selectRegistryWallet: vi.fn(), fetchWalletLists: vi.fn() }));

const metamask: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' };
const safe: RegistryWallet = { ...walletEntry('safe'), imageUrl: 'http://127.0.0.1:4301/getWalletImage/safe' };
const BACKEND = { networks: [networks.mainnet], apiUrl: 'http://127.0.0.1:9', projectId: 'p' };

let stops: (() => void)[] = [];
const show = (): void => void stops.push($connectView.listen(() => undefined));
function hide(): void {
  for (const stop of stops) stop();
  stops = [];
}

beforeEach(() => {
  vi.clearAllMocks();
  setOptions({ networks: [networks.mainnet] });
  $connectors.set([]);
  resetWalletList();
  vi.mocked(fetchWalletLists).mockResolvedValue({ featured: [safe], recommended: [], count: 40 });
});
afterEach(() => {
  hide();
  resetOptions();
});

describe('$connectView', () => {
  it('loads the wallet list while the view listens, not before, once per set of options', async () => {
    setOptions(BACKEND);
    expect(fetchWalletLists).not.toHaveBeenCalled();
    show();
    show();
    expect($connectView.get().registry.status).toBe('loading');
    await vi.waitFor(() => expect($connectView.get().registry.status).toBe('ready'));
    expect(fetchWalletLists).toHaveBeenCalledTimes(1);
    hide();
    show();
    expect($connectView.get().registry).toMatchObject({ status: 'ready', count: 40 });
    expect(fetchWalletLists).toHaveBeenCalledTimes(1);
    // Other filters are another list: it loads while the view shows.
    setOptions({ ...BACKEND, excludeWalletIds: ['safe'] });
    expect($connectView.get().registry.status).toBe('loading');
    await vi.waitFor(() => expect(fetchWalletLists).toHaveBeenCalledTimes(2));
  });

  it('without a backend the registry is off and nothing loads', () => {
    show();
    expect($connectView.get().registry.status).toBe('off');
    expect(fetchWalletLists).not.toHaveBeenCalled();
  });

  it('readies WalletConnect only when configured, also when configured while shown', () => {
    show();
    expect(prepareWalletConnect).not.toHaveBeenCalled();
    setOptions({ ...BACKEND, relayUrl: 'ws://127.0.0.1:9' });
    expect(prepareWalletConnect).toHaveBeenCalledTimes(1);
    hide();
    vi.mocked(prepareWalletConnect).mockClear();
    setOptions(BACKEND);
    setOptions({ ...BACKEND, relayUrl: 'ws://127.0.0.1:9' });
    expect(prepareWalletConnect).not.toHaveBeenCalled();
  });

  it('derives the rows from the connectors and the registry in the connector type order', async () => {
    setOptions(BACKEND);
    show();
    $connectors.set([metamask]);
    await vi.waitFor(() => expect($connectView.get().registry.status).toBe('ready'));
    const { rows, registry, features } = $connectView.get();
    expect(rows.map((r) => (r.kind === 'connector' ? r.connector.id : r.wallet.id))).toEqual(['io.metamask', 'safe']);
    expect(registry.count).toBe(40);
    expect(features.connectMethodsOrder).toContain('wallet');
  });
});

describe('chooseRegistryWallet', () => {
  it('selects the wallet through the lazy registry module', async () => {
    chooseRegistryWallet(safe);
    await vi.waitFor(() => expect(selectRegistryWallet).toHaveBeenCalledWith(safe));
  });
});
