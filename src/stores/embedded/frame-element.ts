/**
 * The frame's iframe once the bridge created it. The modal renders it, once, in its shadow root
 * and never moves it (moving an iframe reloads it); stores only hold the reference. Its own
 * module so that the first chunk (the modal element loads its shell for it) leaves the rest of
 * `./state.ts` to the lazy chunks.
 */
import { atom } from 'nanostores';
import type { HostLayoutMessage } from '../../frame/messages.js';

export const $frameElement = atom<HTMLIFrameElement | undefined>(undefined);

/**
 * Where the modal shows the frame element (viewport pixels), whether it cuts part of it off and
 * whether an animation runs in the modal: set by the modal as it places the frame, sent to the
 * frame (`report` of the bridge) for its click guard. Undefined while nothing was placed.
 */
export const $frameLayout = atom<HostLayoutMessage | undefined>(undefined);
