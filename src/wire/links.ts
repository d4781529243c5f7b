/**
 * Which links a wallet-registry entry may carry, and which names: one allowlist for the server's
 * import and the client's rendering. A link is either an `https:` URL (no user name or password
 * in it) or a wallet app link `scheme://...` whose scheme is letters, digits, `+`, `-` and `.`
 * and is not one that runs code, reads local files or reaches the browser's or the system's
 * internals (`javascript:`, `data:`, `file:`, `intent:`, `view-source:`, `ms-msdt:`,
 * `search-ms:`, any `ms-*`, ...). No link or name may hold control characters or invisible
 * direction and format characters (U+202A-U+202E, U+2066-U+2069, U+200B-U+200F, ...), which
 * can make a name or a link read as another.
 */

/** The link fields of a wallet entry, as named in the registry. */
export const WALLET_LINK_FIELDS = [
  'homepage',
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'link_mode',
  'app_store',
  'play_store',
  'chrome_store',
] as const;

const WALLET_LINK_RULE = "must be an https: link or a wallet app link 'scheme://...'";

const MAX_LINK_LENGTH = 2048;
const APP_LINK = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
/** Schemes that are never a wallet app: code, local files, browser and system internals, plain web. */
const REFUSED_SCHEMES = new Set([
  'javascript', 'vbscript', 'livescript', 'data', 'blob', 'file', 'filesystem', 'about', 'view-source', 'intent',
  'android-app', 'search', 'search-ms', 'shell', 'hcp', 'its', 'mk', 'mhtml', 'res', 'jar', 'wyciwyg',
  'chrome', 'chrome-extension', 'chrome-search', 'chrome-untrusted', 'devtools', 'brave', 'opera',
  'vivaldi', 'moz-extension', 'resource', 'safari-extension', 'webkit', 'x-apple-systempreferences',
  'http', 'ws', 'wss', 'ftp', 'sftp', 'smb', 'nfs', 'afp', 'webdav', 'telnet', 'ssh', 'ldap', 'gopher',
]); // prettier-ignore
/** Whole families of system handlers (Windows' ms-msdt:, ms-officecmd:, ms-settings:, ...). */
const REFUSED_PREFIXES = ['ms-', 'microsoft-', 'windows', 'chrome-', 'moz-', 'x-apple-'];

/** Control characters (C0, DEL, C1) and invisible direction and format characters. */
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/** What is wrong with a name or other text shown as is (a hidden character, by code point), or undefined. */
export function hiddenCharacterProblem(text: string): string | undefined {
  const match = HIDDEN_CHARACTER.exec(text);
  if (!match) return undefined;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `must not contain control or invisible direction characters (U+${code} at position ${match.index + 1})`;
}

/** What is wrong with a wallet link, or undefined when it may be stored and opened. */
export function walletLinkProblem(link: string): string | undefined {
  if (link.length > MAX_LINK_LENGTH) return `${WALLET_LINK_RULE} of at most ${MAX_LINK_LENGTH} characters`;
  const hidden = hiddenCharacterProblem(link);
  if (hidden) return `${WALLET_LINK_RULE}; it ${hidden}`;
  if (/\s/.test(link)) return `${WALLET_LINK_RULE}; it must not contain spaces`;
  const scheme = /^([^:/?#]+):/.exec(link)?.[1]?.toLowerCase();
  if (scheme === 'https') {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return `${WALLET_LINK_RULE}; it is not a valid URL`;
    }
    if (!url.hostname) return `${WALLET_LINK_RULE}; it has no host`;
    if (url.username || url.password) return `${WALLET_LINK_RULE}; it must not hold a user name or password`;
    return undefined;
  }
  if (scheme === undefined) return `${WALLET_LINK_RULE}; it has no scheme`;
  if (REFUSED_SCHEMES.has(scheme) || REFUSED_PREFIXES.some((p) => scheme.startsWith(p)))
    return `${WALLET_LINK_RULE}; '${scheme}:' is not allowed`;
  if (!APP_LINK.test(link)) return `${WALLET_LINK_RULE}; '${scheme}:' must be followed by '//'`;
  return undefined;
}

/** True for a link a wallet entry may carry and the modal may open (see `walletLinkProblem`). */
export function isAllowedWalletLink(link: string | null | undefined): link is string {
  return typeof link === 'string' && link !== '' && walletLinkProblem(link) === undefined;
}
