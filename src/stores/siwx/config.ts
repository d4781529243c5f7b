/** The configured sign-in (`siwx`, or the legacy `siweConfig` adapted), read from the options. */
import type { SIWEConfig, SIWXConfig } from '../../core/siwx.js';
import { $options } from '../app/options.js';
import { adaptSiweConfig } from '../../chains/eip155/siwe-config.js';

const adapted = new WeakMap<object, SIWXConfig>();

/** The active SIWXConfig; undefined when neither option is set. */
export function siwxConfig(): SIWXConfig | undefined {
  const options = $options.get();
  if (options?.siwx) return options.siwx;
  const legacy: SIWEConfig | undefined = options?.siweConfig;
  if (!legacy) return undefined;
  let config = adapted.get(legacy);
  if (!config) adapted.set(legacy, (config = adaptSiweConfig(legacy)));
  return config;
}

/** Whether sign-in is required now (getRequired() true). */
export const siwxRequired = (): boolean => siwxConfig()?.getRequired?.() === true;
