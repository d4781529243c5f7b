/**
 * Issue 30 on the server: a namespace is the unit of extension, so namespace literals (`'eip155'`,
 * `'solana'`, `'bip122'`, and CAIP ids that start with them, `'eip155:1'`, `` `eip155:${id}` ``)
 * stay in the namespace's own folder, server/src/chains/<namespace>/; everything else iterates
 * the registry (server/src/chains/index.ts). EVM-only integrations (swap, the sandbox on-ramp)
 * name their chain through server/src/chains/eip155/chain.ts (`caipChainId`). Tests aside.
 * The client's rule is its own file.
 *
 * Import paths (`'../chains/eip155/chain.js'`, `'@solana/web3.js'`) do not match: the namespace
 * must be the whole string or be followed by `:`. An identifier (the swap wire's `eip155` field)
 * is not a literal and is not flagged.
 */

/** The files outside server/src/chains that may name a namespace, each with its reason. */
export const SERVER_CHAIN_LITERAL_EXCEPTIONS = [
  {
    file: 'server/src/images/catalog.ts',
    reason: 'seed data: the network images, keyed by CAIP-2 id, of chains the server may have no module for (bip122)',
  },
  { file: 'server/src/wallets/seed.ts', reason: 'seed data: the demo wallet registry lists the chains each wallet supports' },
  { file: 'server/src/siwx/schema.ts', reason: 'migration 8 has shipped and is never edited; migration 18 lifted its CHECK' },
];

const NAMESPACE = '(^|[^a-z0-9@-])(eip155|solana|bip122)(:|$)';
const MESSAGE =
  'Namespace literals (eip155, solana, bip122 and CAIP ids of them) belong in server/src/chains/<namespace>/: iterate the registry ' +
  '(server/src/chains/index.ts), or for an EVM-only integration use server/src/chains/eip155/chain.ts (caipChainId). See scripts/lib/server-chain-literals.mjs.';

/** ESLint flat-config objects: `no-restricted-syntax` on string and template literals naming a namespace. */
export const serverChainLiterals = [
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/chains/**', '**/*.test.ts', ...SERVER_CHAIN_LITERAL_EXCEPTIONS.map((e) => e.file)],
    rules: {
      // This replaces the base no-restricted-syntax for these files: they hold no tests, so the
      // base's only selector (no focused or skipped tests) has nothing to find here.
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/${NAMESPACE}/]`, message: MESSAGE },
        { selector: `TemplateElement[value.raw=/${NAMESPACE}/]`, message: MESSAGE },
      ],
    },
  },
];
