import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { emulateMedia } from '@web/test-runner-commands';
import { W3Element } from '../../base/w3-element.js';
import { nextFrame, resetAll } from '../../../../test/browser/helpers.js';
import { HeightAnimationController } from './height-animation.js';

class HeightHost extends W3Element {
  static override readonly tagName = 'w3-test-height-host';
  @property({ type: Boolean }) open = false;
  readonly height = new HeightAnimationController(this, {
    active: () => this.open,
    content: () => this.renderRoot.querySelector<HTMLElement>('.view') ?? undefined,
    frame: () => this.renderRoot.querySelector<HTMLElement>('.body') ?? undefined,
  });

  override render(): TemplateResult {
    return html`<div class="body"><div class="view" style="height: 100px"></div></div>`;
  }

  get body(): HTMLElement {
    return this.renderRoot.querySelector<HTMLElement>('.body')!;
  }

  /** Resizes the content and waits for the ResizeObserver. */
  async resize(px: number): Promise<void> {
    this.renderRoot.querySelector<HTMLElement>('.view')!.style.height = `${px}px`;
    await nextFrame();
    await nextFrame();
  }
}
HeightHost.define();

const heights = (el: HTMLElement): string[] =>
  el
    .getAnimations()
    .map((a) => (a.effect as KeyframeEffect).getKeyframes().map((k) => k['height']))
    .map((h) => `${h.join('->')}`);

async function mount(): Promise<HeightHost> {
  const host = document.createElement(HeightHost.tagName) as HeightHost;
  document.body.append(host);
  host.open = true;
  await host.updateComplete;
  await nextFrame();
  await nextFrame();
  return host;
}

describe('HeightAnimationController', () => {
  beforeEach(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(async () => {
    resetAll();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('animates the frame from the old to the new content height (150 ms) while active', async () => {
    const host = await mount();
    await host.resize(180);
    expect(heights(host.body)).to.deep.equal(['100px->180px']);
    expect((host.body.getAnimations()[0]!.effect as KeyframeEffect).getTiming().duration).to.equal(150);
  });

  it('animates from the height remember() took, not from the one the observer saw last', async () => {
    const host = await mount();
    const view = host.renderRoot.querySelector<HTMLElement>('.view')!;
    view.style.height = '160px';
    host.height.remember();
    await nextFrame();
    await nextFrame();
    expect(heights(host.body)).to.deep.equal([]);
    await host.resize(200);
    expect(heights(host.body)).to.deep.equal(['160px->200px']);
  });

  it('animates nothing under prefers-reduced-motion, nor once inactive', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const host = await mount();
    await host.resize(180);
    expect(heights(host.body)).to.deep.equal([]);
    await emulateMedia({ reducedMotion: 'no-preference' });
    host.open = false;
    await host.updateComplete;
    await host.resize(240);
    expect(heights(host.body)).to.deep.equal([]);
  });
});
