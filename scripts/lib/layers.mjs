/**
 * The layers of DESIGN.md as ESLint `no-restricted-imports` zones: data flows one way, wire ←
 * core ← api, adapters ← chains ← stores ← elements ← react and the CDN entry; stores never
 * import elements, adapters and chains never import stores, and the server imports nothing of
 * the client but the shared wire schemas. Each zone lists the folders its files may not import
 * from (a `type` import is allowed where only values would break the layering).
 *
 * src/chains/<namespace>/ holds what a namespace brings to the client; it sits with the adapters
 * (src/adapters holds the connectors' namespace-free transport: the WalletConnect client, the
 * frame RPC): chains may import core, wire, api and adapters, never stores, elements or react.
 * Stores import chains; elements import only the registry (src/chains/registry.ts, for labels
 * and rules) and types. One part of a namespace runs in the embedded wallet's frame, not the
 * page: its frame-side signer, `src/chains/<namespace>/frame-*.ts`. Those files are frame code
 * that lives with its namespace (so is `src/chains/<namespace>/smart-account/`, the embedded
 * wallet's smart account): they import core, wire, the frame and each other, and the frame
 * imports nothing else of src/chains, so no page code reaches the frame bundle and no frame
 * secret handling reaches the page. `src/chains/frame-*.ts` list those parts for the frame (the
 * namespaces it holds keys for, their signers).
 */
const TOP = '(instance|configure|create|index|cdn|elements)\\.js$';
const folders = (...names) => `(^|/)(${names.join('|')})/`;
/** A chain file that is not frame-side: what the frame may not import. */
const PAGE_CHAIN = '(^|/)chains/(?!([^/]+/)?frame-|[^/]+/smart-account/)';
/** A chain's frame-side file: what page code may not import. */
const FRAME_CHAIN = '^\\./([^./][^/]*/)?frame-|^\\.\\./[^./][^/]*/frame-|(^|/)smart-account/';

/** What every store file may not import, whatever its tier. */
const STORE_PATTERNS = [
  { regex: folders('elements', 'react'), message: 'Stores never touch elements or the DOM.' },
  { regex: `^(\\.\\./){2,}${TOP}`, message: 'Stores may not import the package entries.' },
];
/** The store folders of the base tier; every other folder of src/stores but views/ is a feature. */
export const BASE_STORES = ['app', 'ui', 'network'];
const base = BASE_STORES.map((name) => `src/stores/${name}/**`);
/** A sibling store folder (`../<folder>/`) other than the ones named. */
const storeFolderBut = (...names) => `^\\.\\./(?!(${names.join('|')})/)[^./][^/]*/`;

/**
 * The tiers of src/stores, bottom to top. Folder names are kept and classified rather than
 * regrouped under base/ and features/: a folder names what it holds (app, ui, network), most
 * files never moved, and the tier of a folder is read here, in one list. Base (BASE_STORES):
 * app (options, storage, events, lifecycle, the fetcher, sign-in registration), ui (router,
 * modal, toasts, alerts, locale, theme, the connect flow's exit) and network (the configured and
 * active networks); it imports no other store folder. Features: every other folder (connection,
 * embedded, walletconnect, siwx, portfolio, send, swap, onramp, registry, names, project, and any
 * folder added later); they import the base and each other, one way (scripts/lib/store-pairs.mjs
 * fails on two folders importing each other), never a view model. View models: views/, stores
 * shaped for one view (Account, Connect) or for the instance (open(), getState()); they import
 * anything below. A lower store that must react to a higher one takes a registration (e.g.
 * app/sign-in.ts, which configure.ts fills with the SIWX flow's loader), never an import.
 */
const STORE_TIERS = [
  {
    name: 'stores-base',
    files: base,
    patterns: [
      ...STORE_PATTERNS,
      {
        regex: storeFolderBut(...BASE_STORES),
        message: `Base stores (${BASE_STORES.join(', ')}) import no feature store and no view model: take a registration the higher store fills.`,
      },
    ],
  },
  {
    name: 'stores-features',
    files: ['src/stores/**'],
    ignores: [...base, 'src/stores/views/**'],
    patterns: [
      ...STORE_PATTERNS,
      {
        regex: '^\\.\\./views/',
        message: 'Feature stores never import view models (src/stores/views): views read features, not the other way.',
      },
    ],
  },
  { name: 'stores-views', files: ['src/stores/views/**'], patterns: STORE_PATTERNS },
];

/** `{ files, patterns }` per layer; a pattern is a regex on the import specifier. */
export const LAYER_ZONES = [
  {
    name: 'wire',
    files: ['src/wire/*.ts'],
    patterns: [{ regex: '^\\.\\./', message: 'src/wire is shared with the server: it imports only zod and itself.' }],
  },
  {
    // A namespace's wire code (src/wire/bip122: BIP-322 on @scure/btc-signer) may use the wire's own codecs, one level up.
    name: 'wire-folders',
    files: ['src/wire/*/**'],
    patterns: [{ regex: '^\\.\\./\\.\\./', message: 'src/wire is shared with the server: it imports only its packages and itself.' }],
  },
  {
    name: 'core',
    files: ['src/core/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'chains', 'stores', 'elements', 'react', 'frame'),
        message: 'core is the bottom layer: it imports only wire.',
      },
      { regex: `^\\.\\./${TOP}`, message: 'core may not import the package entries.' },
    ],
  },
  {
    name: 'api',
    files: ['src/api/**'],
    patterns: [
      { regex: folders('adapters', 'chains', 'stores', 'elements', 'react', 'frame'), message: 'api imports only core and wire.' },
      { regex: `^\\.\\./${TOP}`, message: 'api may not import the package entries.' },
    ],
  },
  {
    name: 'frame',
    files: ['src/frame/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react'),
        message: 'src/frame (the bridge and the frame site) imports only core, wire and itself.',
      },
      { regex: PAGE_CHAIN, message: "src/frame imports only the chains' frame-side parts (src/chains/<namespace>/frame-*.ts)." },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'src/frame may not import the package entries.' },
    ],
  },
  {
    name: 'siwx',
    files: ['src/siwx/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react', 'frame'),
        message: 'w3kit/siwx (the ready-made SIWX implementations) imports only core and wire: it runs beside any modal.',
      },
      {
        regex: '(^|/)chains/(?!([^/]+/)?siwx)',
        message: "w3kit/siwx imports only the chains' SIWX codecs (src/chains/<namespace>/siwx*.ts).",
      },
      { regex: `^(\\.\\./){1,}${TOP}`, message: 'w3kit/siwx may not import the package entries.' },
    ],
  },
  {
    name: 'integrations',
    files: ['src/integrations/**', 'src/wagmi/**', 'src/ethers/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'chains', 'stores', 'elements', 'react', 'frame'),
        message: 'w3kit/wagmi and w3kit/ethers work through the instance API alone: they import only core, wire and src/integrations.',
      },
      {
        regex: `^(\\.\\./){1,}${TOP}`,
        allowTypeImports: true,
        message: 'The integrations take the instance from attach(): type imports only.',
      },
    ],
  },
  {
    name: 'adapters',
    files: ['src/adapters/**'],
    patterns: [
      { regex: folders('stores', 'elements', 'react'), message: 'Adapters never import stores: actions wire them together.' },
      {
        regex: folders('chains'),
        allowTypeImports: true,
        message: "The connectors (src/adapters) are namespace-free: a namespace's part of a connector lives in src/chains/<namespace>.",
      },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Adapters may not import the package entries.' },
    ],
  },
  {
    name: 'chains',
    files: ['src/chains/**'],
    ignores: ['src/chains/frame-*.ts', 'src/chains/*/frame-*.ts', 'src/chains/*/smart-account/**'],
    patterns: [
      { regex: folders('stores', 'elements', 'react'), message: 'Chains never import stores: actions wire them together.' },
      {
        regex: folders('frame'),
        allowTypeImports: true,
        message: 'Page code reaches the frame through src/adapters/auth (the frame RPC).',
      },
      { regex: FRAME_CHAIN, message: "A chain's frame-side signer runs in the frame only." },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Chains may not import the package entries.' },
    ],
  },
  {
    name: 'chains-frame',
    files: ['src/chains/*/frame-*.ts'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react'),
        message: "A chain's frame-side part is frame code: it imports only core, wire, the frame and other frame-side parts.",
      },
      {
        regex: '^\\./(?!frame-|smart-account/)|^\\.\\./(?!\\.\\./)',
        message: "A chain's frame-side part imports only other frame-side parts of src/chains.",
      },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Frame-side parts may not import the package entries.' },
    ],
  },
  {
    // src/chains/<namespace>/smart-account/: the embedded wallet's smart account, frame code too.
    name: 'chains-smart-account',
    files: ['src/chains/*/smart-account/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react'),
        message: "A chain's smart account is frame code: it imports only core, wire, the frame and other frame-side parts.",
      },
      {
        regex: '^\\.\\./(?!\\.\\./|frame-)',
        message: "A chain's smart account imports only other frame-side parts of src/chains.",
      },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Frame-side parts may not import the package entries.' },
    ],
  },
  {
    // src/chains/frame-*.ts: the frame's lists of the namespaces' frame-side parts.
    name: 'chains-frame-list',
    files: ['src/chains/frame-*.ts'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react'),
        message: "The frame's list of frame-side parts is frame code: it imports only core, wire, the frame and frame-side parts.",
      },
      {
        regex: '^\\./(?!([^./][^/]*/)?(frame-|smart-account/))',
        message: "The frame's list of frame-side parts imports only frame-side parts of src/chains.",
      },
    ],
  },
  ...STORE_TIERS,
  {
    name: 'elements',
    files: ['src/elements/**'],
    patterns: [
      { regex: folders('react'), message: 'Elements sit below the React wrappers.' },
      {
        regex: folders('adapters', 'api'),
        allowTypeImports: true,
        message: 'Elements never call adapters or APIs directly: read stores and call store actions.',
      },
      {
        regex: '(^|/)chains/(?!registry\\.js$|types\\.js$)',
        allowTypeImports: true,
        message: 'Elements reach a namespace through the registry (src/chains/registry.ts), never its folder.',
      },
    ],
  },
  {
    name: 'server',
    files: ['server/src/**'],
    patterns: [
      { regex: '^(\\.\\./)+src/(?!wire/)', message: 'The server imports nothing of the client but the shared schemas in src/wire.' },
    ],
  },
];

/** The zones as flat-config entries for eslint.config.mjs (tests are not zoned). */
export function layerConfigs() {
  return LAYER_ZONES.map(({ files, ignores = [], patterns }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-utils/**', ...ignores],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
}
