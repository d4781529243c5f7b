/** The layer zones of eslint.config.mjs, run through ESLint itself on imports that break them. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer zones', () => {
  it.each([
    [
      'src/adapters/walletconnect/x.ts',
      "import { $modal } from '../../stores/modal.js';\nexport const x = $modal;",
      'Adapters never import stores',
    ],
    ['src/chains/eip155/x.ts', "import { $modal } from '../../stores/modal.js';\nexport const x = $modal;", 'Chains never import stores'],
    ['src/chains/eip155/x.ts', "import { prepare } from './frame-requests.js';\nexport const x = prepare;", 'runs in the frame only'],
    [
      'src/adapters/walletconnect/x.ts',
      "import { isAddress } from '../../chains/solana/address.js';\nexport const x = isAddress;",
      'namespace-free',
    ],
    [
      'src/frame/site/x.ts',
      "import { eip155Adapter } from '../../chains/eip155/adapter.js';\nexport const x = eip155Adapter;",
      "only the chains' frame-side parts",
    ],
    [
      'src/chains/solana/frame-x.ts',
      "import { isAddress } from './address.js';\nexport const x = isAddress;",
      'only other frame-side parts',
    ],
    [
      'src/chains/frame-x.ts',
      "import { isAddress } from './solana/address.js';\nexport const x = isAddress;",
      'imports only frame-side parts',
    ],
    [
      'src/chains/eip155/x.ts',
      "import { safeAddress } from './smart-account/address.js';\nexport const x = safeAddress;",
      'runs in the frame only',
    ],
    [
      'src/chains/eip155/smart-account/x.ts',
      "import { eip155Adapter } from '../adapter.js';\nexport const x = eip155Adapter;",
      'smart account imports only other frame-side parts',
    ],
    [
      'src/chains/eip155/smart-account/x.ts',
      "import { $modal } from '../../../stores/modal.js';\nexport const x = $modal;",
      'is frame code',
    ],
    [
      'src/chains/registry-x.ts',
      "import { frameSigner } from './frame-signers.js';\nexport const x = frameSigner;",
      'runs in the frame only',
    ],
    [
      'src/elements/x/y.ts',
      "import { isAddress } from '../../chains/solana/address.js';\nexport const x = isAddress;",
      'through the registry',
    ],
    ['src/stores/x.ts', "import { W3Modal } from '../elements/modal/modal.element.js';\nexport const x = W3Modal;", 'Stores never touch'],
    [
      'src/stores/app/x.ts',
      "import { $activeAccount } from '../connection/account.js';\nexport const x = $activeAccount;",
      'Base stores (app, ui, network) import no feature store',
    ],
    ['src/stores/ui/x.ts', "import { $accountView } from '../views/account-view.js';\nexport const x = $accountView;", 'Base stores'],
    ['src/stores/network/x.ts', "export { $siwxTarget } from '../siwx/flow.js';", 'Base stores'],
    ['src/stores/ui/x.ts', "import { $quote } from '../new-feature/quote.js';\nexport const x = $quote;", 'Base stores'],
    [
      'src/stores/connection/x.ts',
      "import { $accountView } from '../views/account-view.js';\nexport const x = $accountView;",
      'Feature stores never import view models',
    ],
    [
      'src/stores/new-feature/x.ts',
      "import { $connectView } from '../views/connect-view.js';\nexport const x = $connectView;",
      'Feature stores',
    ],
    [
      'src/stores/views/x.ts',
      "import { W3Modal } from '../../elements/modal/modal.element.js';\nexport const x = W3Modal;",
      'Stores never touch',
    ],
    ['src/core/x.ts', "import { httpRequest } from '../api/http.js';\nexport const x = httpRequest;", 'core is the bottom layer'],
    ['src/api/x.ts', "import { $modal } from '../stores/modal.js';\nexport const x = $modal;", 'api imports only core and wire'],
    ['src/wire/x.ts', "import { W3Error } from '../core/errors.js';\nexport const x = W3Error;", 'src/wire is shared'],
    [
      'src/elements/x/y.ts',
      "import { chainClient } from '../../adapters/eip155/chain.js';\nexport const x = chainClient;",
      'Elements never call adapters',
    ],
    ['src/elements/x/y.ts', "import { useW3Modal } from '../../react/hooks.js';\nexport const x = useW3Modal;", 'below the React wrappers'],
    [
      'server/src/x.ts',
      "import { networks } from '../../src/core/constants.js';\nexport const x = networks;",
      'nothing of the client but the shared schemas',
    ],
    ['server/src/routes/x.ts', "import { logger } from '../../../src/core/logger.js';\nexport const x = logger;", 'nothing of the client'],
  ])('%s may not import across its layer', async (file, code, message) => {
    const messages = await restricted(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['server/src/x.ts', "import { walletEntrySchema } from '../../src/wire/provider-api.js';\nexport const x = walletEntrySchema;"],
    ['src/elements/x/y.ts', "import type { Nft } from '../../api/blockchain-api.js';\nexport type X = Nft;"],
    ['src/stores/x.ts', "import { chainClient } from '../chains/eip155/chain.js';\nexport const x = chainClient;"],
    ['src/frame/site/x.ts', "import { prepare } from '../../chains/solana/frame-requests.js';\nexport const x = prepare;"],
    ['src/chains/solana/frame-x.ts', "import { prepare } from './frame-transaction.js';\nexport const x = prepare;"],
    ['src/frame/site/x.ts', "import { frameSigner } from '../../chains/frame-signers.js';\nexport const x = frameSigner;"],
    ['src/chains/frame-x.ts', "import { prepare } from './solana/frame-requests.js';\nexport const x = prepare;"],
    ['src/frame/site/x.ts', "import { safeAddress } from '../../chains/eip155/smart-account/address.js';\nexport const x = safeAddress;"],
    ['src/chains/eip155/frame-x.ts', "import { safeAddress } from './smart-account/address.js';\nexport const x = safeAddress;"],
    [
      'src/chains/eip155/smart-account/x.ts',
      "import { wipe } from '../../../frame/keys/bytes.js';\nimport { prepare } from '../frame-requests.js';\nimport { y } from './y.js';\nexport const x = [wipe, prepare, y];",
    ],
    ['src/elements/x/y.ts', "import { chainParts } from '../../chains/registry.js';\nexport const x = chainParts;"],
    ['src/chains/eip155/x.ts', "import { frameRpc } from '../../adapters/auth/frame-rpc.js';\nexport const x = frameRpc;"],
    ['src/core/x.ts', "import { networks } from '../wire/networks.js';\nexport const x = networks;"],
    ['src/stores/ui/x.ts', "import { $options } from '../app/options.js';\nexport const x = $options;"],
    [
      'src/stores/app/x.ts',
      "import { $networks } from '../network/networks.js';\nimport { chainParts } from '../../chains/registry.js';\nexport const x = [$networks, chainParts];",
    ],
    [
      'src/stores/swap/x.ts',
      "import { $balances } from '../portfolio/balances.js';\nimport { $router } from '../ui/router.js';\nexport const x = [$balances, $router];",
    ],
    [
      'src/stores/views/x.ts',
      "import { $balances } from '../portfolio/balances.js';\nimport { $router } from '../ui/router.js';\nexport const x = [$balances, $router];",
    ],
    ['src/stores/ui/x.test.ts', "import { $accountView } from '../views/account-view.js';\nexport const x = $accountView;"],
    ['src/stores/x.test.ts', "import { W3Modal } from '../elements/modal/modal.element.js';\nexport const x = W3Modal;"],
  ])('%s may import what its layer allows', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
