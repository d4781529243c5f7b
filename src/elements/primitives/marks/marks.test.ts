/**
 * Brand marks in the modal (issue 35): the network list and the social buttons show each one's
 * own mark, from the real backend's catalog or, with none, from the bundled lazy chunk; a dApp's
 * `imageUrl` wins; a monogram only where no mark exists.
 */
import { expect } from 'chai';
import type { SocialProvider } from '../../../core/options.js';
import { pushView } from '../../../stores/ui/router.js';
import { networks, type Network } from '../../../wire/networks.js';
import { offlineLocal } from '../../../test-utils/networks.js';
import { apiOptions, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3ModalOptions } from '../../../core/options.js';

const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The Networks view's icon of a network, once it shows an image that loaded (a valid image), or its badge's text. */
async function networkIcons(options: Partial<W3ModalOptions>, badges: string[] = []): Promise<Map<string, HTMLImageElement | string>> {
  const el = await mountModal(options);
  await el.modal.open({ view: 'Connect' });
  pushView('Networks');
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-networks-view'), 3000, 'Networks');
  const icons = await waitFor(() => {
    const all = deepAll<HTMLElement & { caipNetworkId: string }>(view, 'w3-ui-network-icon');
    return all.length === (options.networks ?? []).length && all;
  });
  const shown = new Map<string, HTMLImageElement | string>();
  for (const icon of icons) {
    const wantsMark = !badges.includes(icon.caipNetworkId);
    const img = await waitFor(
      () => {
        const image = icon.shadowRoot!.querySelector('img');
        if (!wantsMark) return true;
        return image?.complete && image.naturalWidth > 0 && image;
      },
      5000,
      `the image of ${icon.caipNetworkId}`,
    );
    shown.set(icon.caipNetworkId, img === true ? icon.shadowRoot!.querySelector('text')!.textContent!.trim() : img);
  }
  return shown;
}

const list = (...extra: Network[]): Network[] => [offlineLocal.localhost, networks.mainnet, networks.sepolia, ...extra];
const src = (shown: Map<string, HTMLImageElement | string>, id: string) => (shown.get(id) as HTMLImageElement).getAttribute('src')!;

describe('brand marks', () => {
  afterEach(() => resetAll());

  it('each preset names its icon: its CAIP-2 id in the catalog', () => {
    for (const network of Object.values(networks)) expect(network.icon, network.name).to.equal(network.caipNetworkId);
  });

  it("without a backend, the network list shows the presets' own marks from the bundled chunk, Localhost a monogram", async () => {
    const shown = await networkIcons({ networks: list() }, [networks.localhost.caipNetworkId]);
    // Ethereum's mark (web3icons: its light-blue facet), Sepolia wearing its mainnet's.
    expect(src(shown, networks.mainnet.caipNetworkId)).to.match(/^data:image\/svg\+xml,.*%238FFCF3/);
    expect(src(shown, networks.sepolia.caipNetworkId)).to.equal(src(shown, networks.mainnet.caipNetworkId));
    expect(shown.get(networks.localhost.caipNetworkId)).to.equal('L');
  });

  it("with a backend, the network list shows the marks the backend's catalog serves", async () => {
    const { apiUrl } = apiOptions();
    const shown = await networkIcons({ ...apiOptions(), networks: list(networks.polygon) });
    for (const network of [networks.mainnet, networks.sepolia, networks.polygon]) {
      expect(src(shown, network.caipNetworkId)).to.equal(
        `${apiUrl}/public/getAssetImage/${encodeURIComponent(network.caipNetworkId)}?projectId=w3kit-dev`,
      );
    }
    const svg = await (await fetch(src(shown, networks.polygon.caipNetworkId))).text();
    expect(svg).to.contain('polygon').and.not.contain('<text');
    // Localhost has no mark: the catalog's monogram.
    expect(await (await fetch(src(shown, networks.localhost.caipNetworkId))).text()).to.contain('>LOC</text>');
  });

  it("a dApp's imageUrl on a network wins, with or without a backend", async () => {
    const mine = { ...networks.mainnet, imageUrl: PNG_1PX };
    for (const options of [{}, apiOptions()]) {
      const shown = await networkIcons({ ...options, networks: [mine, networks.sepolia] });
      expect(src(shown, networks.sepolia.caipNetworkId)).to.not.equal(PNG_1PX);
      expect(src(shown, mine.caipNetworkId)).to.equal(PNG_1PX);
      resetAll();
    }
  });

  for (const backend of [false, true]) {
    it(`the social buttons show each provider's own mark ${backend ? 'with' : 'without'} a backend`, async () => {
      const socials: SocialProvider[] = ['google', 'github', 'x', 'discord'];
      const el = await mountModal({ ...(backend ? apiOptions() : {}), features: { email: true, socials } });
      await el.modal.open({ view: 'Connect' });
      const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connect-view'), 5000, 'Connect');
      for (const provider of socials) {
        const mark = await waitFor(
          () =>
            deep<HTMLElement>(view, `button[data-social="${provider}"] w3-ui-social-mark`)?.shadowRoot?.querySelector(
              `[data-mark="${provider}"] svg`,
            ),
          5000,
          `the mark of ${provider}`,
        );
        expect(mark.getBoundingClientRect().width, provider).to.be.greaterThan(16);
        expect(mark.querySelector('path'), provider).to.not.equal(null);
      }
      const markOf = (provider: string) =>
        deep<HTMLElement>(view, `button[data-social="${provider}"] w3-ui-social-mark`)!.shadowRoot!.querySelector('svg')!;
      // Google's mark in its four colours; GitHub's in the text colour (so it follows a dark theme).
      const fills = [...markOf('google').querySelectorAll('path')].map((p) => p.getAttribute('fill')!.toLowerCase());
      expect(fills).to.include.members(['#4285f4', '#34a853', '#fbbc05', '#eb4335']);
      expect(markOf('github').getAttribute('fill')).to.equal('currentColor');
    });
  }
});
