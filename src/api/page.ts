/** Where the page runs: the origin for the allowed-origins check, url and domain for analytics. */
export interface PageLocation {
  origin: string;
  href: string;
  host: string;
}

/** The page's location, read when called (never at import); undefined outside a browser. */
export function currentPage(): PageLocation | undefined {
  const location = (globalThis as { location?: PageLocation }).location;
  if (!location || typeof location.origin !== 'string') return undefined;
  return { origin: location.origin, href: location.href, host: location.host };
}
