import { expect } from 'chai';
import { emulateMedia } from '@web/test-runner-commands';
import { resetAll } from '../../../../test/browser/helpers.js';
import { playViewTransition, reducedMotion } from './view-transition.js';

const durations = (el: HTMLElement): unknown[] => el.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().duration);

describe('playViewTransition', () => {
  let title: HTMLElement;
  let view: HTMLElement;
  beforeEach(() => {
    title = document.createElement('h2');
    view = document.createElement('div');
    document.body.append(title, view);
  });
  afterEach(async () => {
    resetAll();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('fades the title in (120 ms) and the view in (150 ms)', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(reducedMotion()).to.equal(false);
    playViewTransition(title, view);
    expect(durations(title)).to.deep.equal([120]);
    expect(durations(view)).to.deep.equal([150]);
  });

  it('animates nothing under prefers-reduced-motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(reducedMotion()).to.equal(true);
    playViewTransition(title, view);
    expect(durations(title)).to.deep.equal([]);
    expect(durations(view)).to.deep.equal([]);
  });
});
