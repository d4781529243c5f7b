/**
 * Zodiac Roles Modifier v2 (Gnosis Guild, audited), the module a Safe's sessions go through: one
 * role per session, whose member (the session account) may call only the targets, functions and
 * parameters it was scoped to, within allowances that refill per period.
 *
 * `aa deploy` puts its mastercopy and the ModuleProxyFactory on the chain at their canonical
 * addresses, from the creation code @gnosis.pm/zodiac 4.0.3 ships (`dist/cjs/initData/*.js`: the
 * salt and init code Gnosis Guild deployed with), through the ERC-2470 singleton factory they
 * were deployed with (0xce0042B8..., itself put on the chain by its presigned transaction, or by
 * *_setCode on a development node that refuses that pre-EIP-155 transaction). Each Safe gets its
 * own Roles proxy from the factory with its first grant (src/chains/eip155/sessions/).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  encodeFunctionData,
  getContractAddress,
  parseAbi,
  parseGwei,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { requireOptional } from '../optional-package.js';
import { ensurePresignedDeployer, hasCode, short } from './create2.js';
import { AaDeployError } from './errors.js';

const require = createRequire(import.meta.url);

/** The package the Roles bytecode and ABI come from (what a missing-package error names). */
export const ROLES_PACKAGES = ['@gnosis.pm/zodiac'] as const;

/** The ERC-2470 singleton factory (https://eips.ethereum.org/EIPS/eip-2470). */
export const SINGLETON_FACTORY: Address = '0xce0042B868300000d44A59004Da54A005ffdcf9f';
const SINGLETON_SIGNER: Address = '0xBb6e024b9cFFACB947A71991E386681B1Cd1477D';
/** Its presigned creation transaction (nonce 0, 100 gwei, 247,000 gas, no chain id), from the EIP. */
const SINGLETON_TX: Hex =
  '0xf9016c8085174876e8008303c4d88080b90154608060405234801561001057600080fd5b50610134806100206000396000f3fe6080604052348015600f57600080fd5b506004361060285760003560e01c80634af63f0214602d575b600080fd5b60cf60048036036040811015604157600080fd5b810190602081018135640100000000811115605b57600080fd5b820183602082011115606c57600080fd5b80359060200191846001830284011164010000000083111715608d57600080fd5b91908080601f016020809104026020016040519081016040528093929190818152602001838380828437600092019190915250929550509135925060eb915050565b604080516001600160a01b039092168252519081900360200190f35b6000818351602085016000f5939250505056fea26469706673582212206b44f8a82cb6b156bfcc3dc6aadd6df4eefd204bc928a4397fd15dacf6d5320564736f6c634300060200331b83247000822470';
const SINGLETON_COST = parseGwei('100') * 247_000n;
/** The runtime code that transaction leaves (its init code's last 0x134 bytes). */
const SINGLETON_RUNTIME: Hex = `0x${SINGLETON_TX.slice(SINGLETON_TX.indexOf('6080604052348015600f57')).slice(0, 0x134 * 2)}`;
const SINGLETON_ABI = parseAbi(['function deploy(bytes _initCode, bytes32 _salt) returns (address createdContract)']);

/** Where @gnosis.pm/zodiac's dist is (its `exports` opens only the index, which loads ethers). */
const zodiacDist = () => path.dirname(requireOptional(ROLES_PACKAGES, 'Sessions (aa deploy)', () => require.resolve('@gnosis.pm/zodiac')));

/** The `salt` and `initCode` a dist/cjs/initData/<name>.js file exports. */
function initData(name: 'RolesV2' | 'ModuleProxyFactory'): { salt: Hex; initCode: Hex } {
  const text = readFileSync(path.join(zodiacDist(), 'initData', `${name}.js`), 'utf8');
  const salt = /exports\.salt = "(0x[0-9a-fA-F]{64})"/.exec(text)?.[1];
  const initCode = /exports\.initCode = "(0x[0-9a-fA-F]+)"/.exec(text)?.[1];
  if (!salt || !initCode) throw new Error(`@gnosis.pm/zodiac's initData/${name}.js holds no salt and init code`);
  return { salt: salt as Hex, initCode: initCode as Hex };
}

/** Where the singleton factory puts `name` (the canonical address on every chain). */
export function zodiacAddress(name: 'RolesV2' | 'ModuleProxyFactory'): Address {
  const { salt, initCode } = initData(name);
  return getContractAddress({ opcode: 'CREATE2', from: SINGLETON_FACTORY, salt, bytecode: initCode });
}

/** Puts the ERC-2470 factory on the chain when missing; true when it did. */
export const ensureSingletonFactory = (client: PublicClient, wallet: WalletClient, devNode: boolean): Promise<boolean> =>
  ensurePresignedDeployer(client, wallet, devNode, {
    name: 'ERC-2470 singleton factory',
    address: SINGLETON_FACTORY,
    signer: SINGLETON_SIGNER,
    cost: SINGLETON_COST,
    tx: SINGLETON_TX,
    runtime: SINGLETON_RUNTIME,
  });

/** Deploys `name` through the singleton factory unless its code is there. */
async function ensureZodiac(client: PublicClient, wallet: WalletClient, name: 'RolesV2' | 'ModuleProxyFactory') {
  const address = zodiacAddress(name);
  if (await hasCode(client, address)) return { address, deployed: false };
  const { salt, initCode } = initData(name);
  try {
    const hash = await wallet.sendTransaction({
      to: SINGLETON_FACTORY,
      data: encodeFunctionData({ abi: SINGLETON_ABI, functionName: 'deploy', args: [initCode, salt] }),
      gas: 10_000_000n,
      account: wallet.account!,
      chain: wallet.chain,
    });
    if ((await client.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error('the transaction reverted');
  } catch (err) {
    throw new AaDeployError(`cannot deploy ${name} at ${address}: ${short(err)}`);
  }
  if (!(await hasCode(client, address))) throw new AaDeployError(`deploying ${name} left no code at ${address}`);
  return { address, deployed: true };
}

export interface RolesDeployment {
  /** The Roles v2 mastercopy. */
  roles: Address;
  moduleProxyFactory: Address;
  /** What this run deployed, in `aa deploy`'s words. */
  deployed: string[];
}

/** `aa deploy`'s sessions step: the singleton factory, then the Roles v2 mastercopy and the ModuleProxyFactory. */
export async function ensureRoles(client: PublicClient, wallet: WalletClient, devNode: boolean): Promise<RolesDeployment> {
  const deployed: string[] = [];
  if (await ensureSingletonFactory(client, wallet, devNode)) deployed.push('singletonFactory');
  const roles = await ensureZodiac(client, wallet, 'RolesV2');
  if (roles.deployed) deployed.push('rolesV2');
  const factory = await ensureZodiac(client, wallet, 'ModuleProxyFactory');
  if (factory.deployed) deployed.push('moduleProxyFactory');
  return { roles: roles.address, moduleProxyFactory: factory.address, deployed };
}
