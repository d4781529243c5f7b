import { beforeEach, describe, expect, it } from 'vitest';
import { networks } from '../../wire/networks.js';
import { $modal, closeModal, openModalOn, setLoading } from '../ui/modal.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { pushView, resetRouter } from '../ui/router.js';
import { $initialized, $publicState, type PublicState } from './public-state.js';

beforeEach(() => {
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  $initialized.set(false);
});

describe('$publicState', () => {
  it('has exactly { open, view, loading, activeChain, selectedNetworkId, initialized }', () => {
    const state = $publicState.get();
    expect(Object.keys(state).sort()).toEqual(['activeChain', 'initialized', 'loading', 'open', 'selectedNetworkId', 'view'].sort());
    expect(state).toEqual({
      open: false,
      view: 'Connect',
      loading: false,
      activeChain: undefined,
      selectedNetworkId: undefined,
      initialized: false,
    });
  });

  it('reflects the modal, router, network and initialisation', () => {
    setOptions({ networks: [networks.mainnet, networks.base] });
    $activeNamespace.set('eip155');
    $activeNetworkIds.set({ eip155: 'eip155:8453' });
    $initialized.set(true);
    openModalOn('Account');
    pushView('Networks');
    expect($publicState.get()).toEqual({
      open: true,
      view: 'Networks',
      loading: false,
      activeChain: 'eip155',
      selectedNetworkId: 'eip155:8453',
      initialized: true,
    });
  });

  it('is loading when any namespace is loading', () => {
    setLoading('solana', true);
    setLoading('eip155', false);
    expect($publicState.get().loading).toBe(true);
    setLoading('solana', false);
    expect($publicState.get().loading).toBe(false);
  });

  it('notifies subscribers of changes', () => {
    const seen: PublicState[] = [];
    const stop = $publicState.subscribe((s) => seen.push(s));
    openModalOn('Connect');
    closeModal();
    stop();
    const opens = seen.map((s) => s.open).filter((open, i, all) => i === 0 || all[i - 1] !== open);
    expect(opens).toEqual([false, true, false]);
    expect(seen.at(-1)).toEqual({ ...seen[0], open: false, view: 'Connect' });
  });
});

describe('$initialized', () => {
  it('starts false', () => {
    expect($initialized.get()).toBe(false);
  });
});
