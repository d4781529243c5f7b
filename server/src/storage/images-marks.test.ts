/** Seeding the real marks over an older database, on both engines: the generated monograms give way, an operator's own images stay. */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage } from '../../test/engines.js';
import { badgeSvg, initials } from '../images/svg.js';
import { svgImage } from '../images/image-data.js';
import { seedWalletEntries } from '../wallets/seed.js';
import { imagesRepository, seedStaticImages } from './images.js';
import { walletsRepository } from './wallets.js';

const monogram = (id: string, label: string, shape?: 'circle') => svgImage(badgeSvg({ seed: id, label, ...(shape ? { shape } : {}) }));

describe.each(ENGINES)('the real marks over a database seeded with monograms, on %s', (engine) => {
  it('replaces the old generated images of networks, tokens and wallets, and keeps an operator’s own', async () => {
    const storage = await freshStorage(engine);
    const images = imagesRepository(storage);
    // What an older version seeded: monograms; and an operator's own Polygon image.
    await images.put('asset', 'eip155:1', monogram('eip155:1', 'ETH'));
    await images.put('token', 'USDC', monogram('USDC', 'USDC', 'circle'));
    await images.put('wallet', 'metamask', monogram('metamask', initials('MetaMask')));
    const own = svgImage('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>');
    await images.put('asset', 'eip155:137', own);
    await images.put('wallet', 'rainbow', own);

    await seedStaticImages(storage);
    const metamask = seedWalletEntries().filter(({ entry }) => ['metamask', 'rainbow'].includes(entry.id));
    await walletsRepository(storage).store(metamask, 'ignore');

    const text = async (kind: 'asset' | 'token' | 'wallet', id: string) => (await images.get(kind, id))!.body.toString();
    expect(await text('asset', 'eip155:1')).toContain('#8FFCF3');
    expect(await text('token', 'USDC')).not.toContain('<text');
    expect(await text('wallet', 'metamask')).toContain('#FF5C16');
    expect(await text('asset', 'eip155:137')).toBe(own.body.toString());
    expect(await text('wallet', 'rainbow')).toBe(own.body.toString());
    // Seeding again changes nothing.
    const etag = (await images.get('asset', 'eip155:1'))!.etag;
    await seedStaticImages(storage);
    expect((await images.get('asset', 'eip155:1'))!.etag).toBe(etag);
  });
});
