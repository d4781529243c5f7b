/**
 * W3WagmiAdapter: wagmi and the modal share one connection. `new W3WagmiAdapter({ networks })`
 * builds `wagmiConfig` (for `<WagmiProvider config>` or @wagmi/core actions) with the w3kit
 * connector; `createW3Modal({ networks, adapters: [adapter] })` attaches the modal to it.
 * `new W3WagmiAdapter({ wagmiConfig })` adds the connector to an existing config instead.
 */
import type { Config } from 'wagmi';
import { reconnect } from 'wagmi/actions';
import { W3ConfigError } from '../core/errors.js';
import type { W3ModalAdapter, W3ModalInstance } from '../instance.js';
import { ModalBinding } from './binding.js';
import { buildConfig, checkOptions, type W3WagmiAdapterOptions } from './config.js';
import { W3KIT_CONNECTOR_ID, w3kitConnector } from './connector.js';
import { expectsRestore } from './restore.js';

/** An existing wagmi config to add the w3kit connector to (its chains, transports and storage stay). */
export interface W3WagmiAdapterExistingConfig {
  wagmiConfig: Config;
}

interface PersistApi {
  hasHydrated(): boolean;
  onFinishHydration(listener: () => void): () => void;
}

function isExisting(options: unknown): options is W3WagmiAdapterExistingConfig {
  return typeof options === 'object' && options !== null && 'wagmiConfig' in options;
}

export class W3WagmiAdapter implements W3ModalAdapter {
  /** The wagmi config sharing the modal's connection. */
  readonly wagmiConfig: Config;
  readonly #binding = new ModalBinding();

  constructor(options: W3WagmiAdapterOptions | W3WagmiAdapterExistingConfig) {
    const connectorFn = w3kitConnector(this.#binding);
    if (isExisting(options)) {
      const config = options.wagmiConfig as Partial<Config> | undefined;
      if (!config?._internal?.connectors || !Array.isArray(config.chains))
        throw new W3ConfigError('wagmiConfig', 'expected a config made by createConfig of wagmi or @wagmi/core');
      if (config.connectors?.some((c) => c.id === W3KIT_CONNECTOR_ID))
        throw new W3ConfigError('wagmiConfig', 'this config already has a w3kit connector (one W3WagmiAdapter per config)');
      this.wagmiConfig = options.wagmiConfig;
      const connector = config._internal.connectors.setup(connectorFn);
      config._internal.connectors.setState((list) => [connector, ...list]);
    } else {
      const chains = checkOptions(options);
      this.wagmiConfig = buildConfig(options, chains, connectorFn);
      if (!options.ssr && typeof window !== 'undefined') this.#reconnectOnLoad();
    }
  }

  /** Binds the modal (createW3Modal calls it once); returns what unbinds it. */
  attach(modal: W3ModalInstance): () => void {
    return this.#binding.attach(modal);
  }

  /**
   * Without `ssr` (then `<WagmiProvider>` reconnects after hydrating), wagmi reconnects through
   * the w3kit connector once its store has loaded, and is 'reconnecting' from the start while
   * the modal has a connection to restore: no 'disconnected' shows before the restore answers.
   */
  #reconnectOnLoad(): void {
    const config = this.wagmiConfig;
    const connector = config.connectors.find((c) => c.id === W3KIT_CONNECTOR_ID)!;
    if (expectsRestore()) config.setState((state) => ({ ...state, status: 'reconnecting' }));
    const start = (): void => void reconnect(config, { connectors: [connector] });
    // zustand's persist API of wagmi's store (absent with `storage: null`).
    const persist = (config._internal.store as unknown as { persist?: PersistApi }).persist;
    if (!persist || persist.hasHydrated()) start();
    else persist.onFinishHydration(start);
  }
}
