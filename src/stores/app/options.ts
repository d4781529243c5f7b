import { atom, computed } from 'nanostores';
import { DEFAULT_CONNECTOR_TYPE_ORDER, DEFAULT_CONNECT_METHODS_ORDER, DEFAULT_WALLET_FEATURES_ORDER } from '../../core/constants.js';
import { parseOptions, type W3Features, type W3ModalOptions } from '../../core/options.js';
import { $remoteFeatures } from './remote-features.js';
import { resettable } from './reset.js';

/** The validated options of createW3Modal or of <w3-modal>'s attributes; undefined before either. */
export const $options = resettable(atom<W3ModalOptions | undefined>(undefined));

const DEFAULT_FEATURES = {
  email: false,
  socials: false as const,
  swaps: false,
  onramp: false,
  send: true,
  receive: true,
  history: true,
  analytics: false,
  connectMethodsOrder: [...DEFAULT_CONNECT_METHODS_ORDER],
  walletFeaturesOrder: [...DEFAULT_WALLET_FEATURES_ORDER],
  connectorTypeOrder: [...DEFAULT_CONNECTOR_TYPE_ORDER],
} satisfies Required<W3Features>;

export type ResolvedFeatures = Required<W3Features>;

function defined(features: W3Features | undefined): W3Features {
  return Object.fromEntries(Object.entries(features ?? {}).filter(([, value]) => value !== undefined));
}

/** Features: the defaults, then the local `options.features`, then the project's remote features on top. */
export const $features = computed(
  [$options, $remoteFeatures],
  (options, remote): ResolvedFeatures => ({ ...DEFAULT_FEATURES, ...defined(options?.features), ...defined(remote) }),
);

/** Validates and applies options; throws W3ConfigError naming a bad option and keeps the old ones. */
export function setOptions(input: unknown): W3ModalOptions {
  const options = parseOptions(input);
  $options.set(options);
  return options;
}

export function resetOptions(): void {
  $options.set(undefined);
}
