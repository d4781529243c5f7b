import { W3ConfigError } from '../../core/errors.js';
import { networks as presets, presetByCaipId, type Network } from '../../wire/networks.js';
import type { W3ModalOptions } from '../../core/options.js';

/** The attributes of <w3-modal> that configure it (DESIGN.md). */
export interface DeclarativeAttributes {
  projectId?: string | undefined;
  networks?: string | undefined;
  apiUrl?: string | undefined;
  blockchainApiUrl?: string | undefined;
  relayUrl?: string | undefined;
  secureSiteUrl?: string | undefined;
  themeMode?: string | undefined;
  locale?: string | undefined;
  email?: string | null | undefined;
  socials?: string | undefined;
  swaps?: string | null | undefined;
  onramp?: string | null | undefined;
}

/** The properties behind those attributes: changing one after the first render reconfigures. */
export const DECLARATIVE_KEYS = [
  'projectId',
  'networks',
  'apiUrl',
  'blockchainApiUrl',
  'relayUrl',
  'secureSiteUrl',
  'themeMode',
  'locale',
  'email',
  'socials',
  'swaps',
  'onramp',
] as const satisfies readonly (keyof DeclarativeAttributes)[];

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Turns attributes into createW3Modal options. `networks` is a comma list of CAIP-2 ids of
 * presets; an unknown id throws W3ConfigError naming `networks`. The options are then validated
 * like any others.
 */
export function optionsFromAttributes(attrs: DeclarativeAttributes): W3ModalOptions {
  const ids = list(attrs.networks ?? '');
  if (ids.length === 0)
    throw new W3ConfigError('networks', `needs at least one CAIP-2 network id, e.g. "${presets.mainnet.caipNetworkId}"`);
  const networks: Network[] = ids.map((id) => {
    const preset = presetByCaipId(id);
    if (!preset) throw new W3ConfigError('networks', `"${id}" is not a known network preset`);
    return preset;
  });
  const features: NonNullable<W3ModalOptions['features']> = {};
  // Boolean features: present (or any value but "false") turns them on.
  for (const key of ['email', 'swaps', 'onramp'] as const) {
    const value = attrs[key];
    if (value !== undefined && value !== null) features[key] = value !== 'false';
  }
  if (attrs.socials !== undefined) {
    const socials = list(attrs.socials);
    features.socials = (socials.length ? socials : false) as NonNullable<W3ModalOptions['features']>['socials'];
  }
  const options: Record<string, unknown> = { networks, features };
  const copy: [keyof DeclarativeAttributes, string][] = [
    ['projectId', 'projectId'],
    ['apiUrl', 'apiUrl'],
    ['blockchainApiUrl', 'blockchainApiUrl'],
    ['relayUrl', 'relayUrl'],
    ['secureSiteUrl', 'secureSiteUrl'],
    ['themeMode', 'themeMode'],
    ['locale', 'locale'],
  ];
  for (const [attr, option] of copy) {
    const value = attrs[attr];
    if (typeof value === 'string' && value !== '') options[option] = value;
  }
  return options as unknown as W3ModalOptions;
}
