import { atom, onMount } from 'nanostores';

/**
 * Whether the page shows on a phone: a viewport narrower than 768 px, or a coarse (touch)
 * pointer. Tracked live while something listens; false where there is no matchMedia (SSR).
 */
export const MOBILE_VIEWPORT_QUERY = '(max-width: 767px), (pointer: coarse)';

export const $mobileViewport = atom(false);

onMount($mobileViewport, () => {
  if (typeof matchMedia !== 'function') return;
  const mql = matchMedia(MOBILE_VIEWPORT_QUERY);
  const update = (): void => $mobileViewport.set(mql.matches);
  update();
  mql.addEventListener('change', update);
  return () => mql.removeEventListener('change', update);
});
