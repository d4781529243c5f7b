/**
 * Namespaces are the unit of extension (issue 30): outside its folder nothing names a namespace.
 * These flat-config entries forbid namespace literals ('eip155', 'solana', 'bip122', and CAIP
 * ids of them, in strings and templates, also inside words: 'a chain such as eip155:1'):
 * - in the client (src), except where a namespace's code lives (src/chains/*), the shared wire
 *   schemas (src/wire) and the EVM-only integrations (src/wagmi, src/ethers, src/integrations);
 *   code elsewhere asks the registry (src/chains/registry.ts);
 * - in the server (server/src), except server/src/chains/*; everything else iterates the
 *   server's registry (server/src/chains/index.ts), and EVM-only integrations (swap, the sandbox
 *   on-ramp) name their chain through server/src/chains/eip155/chain.ts (`caipChainId`).
 * Tests and test helpers aside. Import paths ('../chains/eip155/chain.js', '@solana/web3.js')
 * and identifiers (the swap wire's `eip155` field) do not match.
 *
 * EXCEPTIONS and SERVER_EXCEPTIONS list the files that still name a namespace, each with the
 * reason; a file leaves its list when the registry serves what it needs.
 */
const NAMESPACE = '(^|[^a-z0-9@-])(eip155|solana|bip122)(:|$)';

/**
 * Client file → why it may still name a namespace: none. The public API's overloads per namespace
 * (src/instance.ts, src/react/provider-hooks.ts) take their types from src/chains/<namespace>/namespace.ts,
 * useW3Network's numeric chain id and the `connectors` option's namespace come from the registry.
 */
export const EXCEPTIONS = {};

/** Server file → why it may still name a namespace. */
export const SERVER_EXCEPTIONS = {
  'server/src/images/catalog.ts': 'seed data: the network images, keyed by CAIP-2 id, of chains the server may have no module for (bip122)',
  'server/src/wallets/seed.ts': 'seed data: the demo wallet registry lists the chains each wallet supports',
  'server/src/db/steps/siwx.ts': 'migration 8 has shipped and is never edited; migration 18 lifted its CHECK',
};

/** One zone: `no-restricted-syntax` on string and template literals naming a namespace in `files`. */
const zone = (files, ignores, message) => ({
  files,
  ignores: [...ignores, '**/*.test.ts', '**/*.test.tsx', '**/test-utils/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      // Restated from eslint.config.mjs: a file's no-restricted-syntax options replace earlier ones.
      {
        selector: 'CallExpression[callee.object.name=/^(it|describe|test)$/][callee.property.name=/^(only|skip)$/]',
        message: 'No focused or skipped tests.',
      },
      { selector: `Literal[value=/${NAMESPACE}/]`, message },
      { selector: `TemplateElement[value.raw=/${NAMESPACE}/]`, message },
    ],
  },
});

export const chainLiteralConfigs = () => [
  zone(
    ['src/**/*.ts', 'src/**/*.tsx'],
    ['src/chains/**', 'src/wire/**', 'src/wagmi/**', 'src/ethers/**', 'src/integrations/**', ...Object.keys(EXCEPTIONS)],
    'A namespace literal outside src/chains/<namespace>: ask the registry (src/chains/registry.ts) instead.',
  ),
  zone(
    ['server/src/**/*.ts'],
    ['server/src/chains/**', ...Object.keys(SERVER_EXCEPTIONS)],
    'A namespace literal outside server/src/chains/<namespace>: iterate the registry (server/src/chains/index.ts), or for an ' +
      'EVM-only integration use server/src/chains/eip155/chain.ts (caipChainId).',
  ),
];
