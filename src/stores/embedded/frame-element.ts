/**
 * The frame's iframe once the bridge created it. The modal renders it, once, in its shadow root
 * and never moves it (moving an iframe reloads it); stores only hold the reference. Its own
 * module so that the first chunk (the modal element loads its shell for it) leaves the rest of
 * `./state.ts` to the lazy chunks.
 */
import { atom } from 'nanostores';

export const $frameElement = atom<HTMLIFrameElement | undefined>(undefined);
