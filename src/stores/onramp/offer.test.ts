/**
 * What each provider sells on the active network (issue 28: Buy on Solana offered USDC, quoted
 * it on Ethereum and then failed): over the backend's own options (ETH on its `--evm-rpc` chain,
 * USDC on Ethereum and Base) and the built-in samples.
 */
import { describe, expect, it } from 'vitest';
import { onrampOptions } from '../../../server/src/onramp/catalog.js';
import { networks } from '../../wire/networks.js';
import { ONRAMP_PROVIDERS, SAMPLE_OPTIONS } from './onramp-catalog.js';
import { providerOffer } from './offer.js';

const [sandbox, meld, coinbase] = ONRAMP_PROVIDERS as [
  (typeof ONRAMP_PROVIDERS)[number],
  (typeof ONRAMP_PROVIDERS)[number],
  (typeof ONRAMP_PROVIDERS)[number],
];
const api = onrampOptions('eip155:31337');

describe('providerOffer', () => {
  it('the sandbox sells only ETH, on its chain, each currency with only the active network', () => {
    const offer = providerOffer(sandbox, api, 'api', networks.localhost);
    expect(offer.unavailable).toBeUndefined();
    expect(offer.currencies.map((c) => c.id)).toEqual(['ETH']);
    expect(offer.currencies[0]!.networks.map((n) => n.chain_id)).toEqual(['31337']);
  });

  it('on Solana Local nothing is sold: the sandbox names where it sells, meld and coinbase sell on main networks only', () => {
    expect(providerOffer(sandbox, api, 'api', networks.solanaLocal)).toEqual({
      provider: sandbox,
      currencies: [],
      unavailable: { code: 'NOT_HERE', network: 'Solana Local', elsewhere: ['Localhost'] },
    });
    for (const provider of [meld, coinbase]) {
      expect(providerOffer(provider, api, 'api', networks.solanaLocal).unavailable).toEqual({ code: 'TESTNET', network: 'Solana Local' });
    }
  });

  it('on Ethereum the sandbox sells nothing (USDC is quoted, never paid out), meld and coinbase sell USDC there', () => {
    expect(providerOffer(sandbox, api, 'api', networks.mainnet).unavailable).toEqual({
      code: 'NOT_HERE',
      network: 'Ethereum',
      elsewhere: ['Localhost'],
    });
    const offer = providerOffer(meld, api, 'api', networks.mainnet);
    expect(offer.currencies.map((c) => `${c.id}@${c.networks.map((n) => n.name).join()}`)).toEqual(['USDC@ethereum']);
  });

  it('with the sample options the sandbox (the unreachable API) sells nothing; meld and coinbase keep the samples of the network', () => {
    expect(providerOffer(sandbox, SAMPLE_OPTIONS, 'sample', networks.mainnet).unavailable).toEqual({ code: 'NO_SERVICE' });
    expect(providerOffer(coinbase, SAMPLE_OPTIONS, 'sample', networks.mainnet).currencies.map((c) => c.id)).toEqual(['USDC', 'ETH']);
    expect(providerOffer(coinbase, SAMPLE_OPTIONS, 'sample', networks.base).currencies.map((c) => c.id)).toEqual(['USDC']);
    expect(providerOffer(coinbase, SAMPLE_OPTIONS, 'sample', networks.polygon).unavailable).toEqual({
      code: 'NOT_HERE',
      network: 'Polygon',
      elsewhere: ['Ethereum', 'Base'],
    });
  });

  it('no active network: nothing is sold', () => {
    expect(providerOffer(meld, api, 'api', undefined).unavailable).toEqual({ code: 'NO_NETWORK' });
  });
});
