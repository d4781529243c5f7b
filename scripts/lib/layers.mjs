/**
 * The layers of DESIGN.md as ESLint `no-restricted-imports` zones: data flows one way, wire ←
 * core ← api, adapters ← stores ← elements ← react and the CDN entry; stores never import
 * elements, adapters never import stores, and the server imports nothing of the client but the
 * shared wire schemas. Each zone lists the folders its files may not import from (a `type`
 * import is allowed where only values would break the layering).
 */
const TOP = '(instance|configure|create|index|cdn|elements)\\.js$';
const folders = (...names) => `(^|/)(${names.join('|')})/`;

/** `{ files, patterns }` per layer; a pattern is a regex on the import specifier. */
export const LAYER_ZONES = [
  {
    name: 'wire',
    files: ['src/wire/**'],
    patterns: [{ regex: '^\\.\\./', message: 'src/wire is shared with the server: it imports only zod and itself.' }],
  },
  {
    name: 'core',
    files: ['src/core/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react', 'frame'),
        message: 'core is the bottom layer: it imports only wire.',
      },
      { regex: `^\\.\\./${TOP}`, message: 'core may not import the package entries.' },
    ],
  },
  {
    name: 'api',
    files: ['src/api/**'],
    patterns: [
      { regex: folders('adapters', 'stores', 'elements', 'react', 'frame'), message: 'api imports only core and wire.' },
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
      { regex: `^(\\.\\./){1,}${TOP}`, message: 'w3kit/siwx may not import the package entries.' },
    ],
  },
  {
    name: 'integrations',
    files: ['src/integrations/**', 'src/wagmi/**', 'src/ethers/**'],
    patterns: [
      {
        regex: folders('api', 'adapters', 'stores', 'elements', 'react', 'frame'),
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
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Adapters may not import the package entries.' },
    ],
  },
  {
    name: 'stores',
    files: ['src/stores/**'],
    patterns: [
      { regex: folders('elements', 'react'), message: 'Stores never touch elements or the DOM.' },
      { regex: `^(\\.\\./){2,}${TOP}`, message: 'Stores may not import the package entries.' },
    ],
  },
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
  return LAYER_ZONES.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-utils/**'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
}
