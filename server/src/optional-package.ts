/**
 * The packages only development and the local chains use (the development OpenID provider's
 * oidc-provider, the SMTP sink's smtp-server and mailparser, the local Solana chain's litesvm,
 * the local DEX's Uniswap artifacts) are optional dependencies of w3kit-server: a production
 * install (`npm install --omit=optional`) leaves them out, and they are loaded only when a dev
 * command or flag needs them, which then says what to install instead of a module error.
 */

/** A development feature whose package this install left out. */
export class MissingPackageError extends Error {
  override name = 'MissingPackageError';
  constructor(
    readonly packages: readonly string[],
    what: string,
  ) {
    super(
      `${what} needs ${packages.join(' and ')}, which this install left out (optional dependencies of w3kit-server): install ${packages.length > 1 ? 'them' : 'it'} with npm install ${packages.join(' ')}`,
    );
  }
}

/** Whether `err` says that one of `packages` (not something it needs in turn) cannot be found. */
export function isMissingPackage(err: unknown, packages: readonly string[]): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const text = String(message);
  return packages.some((name) => text.includes(`'${name}'`) || text.includes(`'${name}/`) || text.includes(`"${name}"`));
}

/** `load()` (an import or require of `packages`), with a MissingPackageError naming `what` when one is not installed. */
export async function loadOptional<T>(packages: readonly string[], what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isMissingPackage(err, packages)) throw new MissingPackageError(packages, what);
    throw err;
  }
}

/** The synchronous loadOptional (a require). */
export function requireOptional<T>(packages: readonly string[], what: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (isMissingPackage(err, packages)) throw new MissingPackageError(packages, what);
    throw err;
  }
}
