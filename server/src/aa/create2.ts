/**
 * The deterministic CREATE2 deployer (0x4e59b448..., the "Arachnid" proxy most chains have):
 * put on a chain that lacks it by its well-known presigned transaction (its signer funded
 * first), or on a development node by `hardhat_setCode`/`anvil_setCode` when the node refuses
 * that pre-EIP-155 transaction; then contracts deploy through it at addresses that depend only
 * on their bytecode and salt, the same on every chain.
 */
import { concat, getContractAddress, parseGwei, zeroHash, type Address, type Hex, type PublicClient, type WalletClient } from 'viem';
import { AaDeployError } from './errors.js';

export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
/** The deployer's presigned creation transaction (nonce 0, 100 gwei, 100,000 gas, no chain id). */
const PRESIGNED_TX: Hex =
  '0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222';
const PRESIGNED_SIGNER: Address = '0x3fab184622dc19b6109349b94811493bf2a45362';
const PRESIGNED_COST = parseGwei('100') * 100_000n;
/** The deployer's runtime code (what the presigned transaction leaves). */
const RUNTIME: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

export const hasCode = async (client: PublicClient, address: Address) => ((await client.getCode({ address })) ?? '0x') !== '0x';

export const short = (err: unknown) =>
  ((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? String(err)).split('\n')[0]!;

/** Where `bytecode` (constructor arguments appended) lands through the deployer with `salt`. */
export function create2Address(bytecode: Hex, salt: Hex = zeroHash): Address {
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode });
}

/** A keyless deployer: put on a chain by its presigned, chain-id-less creation transaction. */
export interface PresignedDeployer {
  /** Its name in a refusal. */
  name: string;
  address: Address;
  /** The presigned transaction's signer, funded with `cost` first. */
  signer: Address;
  cost: bigint;
  tx: Hex;
  /** What the transaction leaves, for *_setCode on a development node that refuses it. */
  runtime: Hex;
}

/**
 * Puts `deployer` on the chain when missing; true when it did. `devNode`: the node takes
 * *_setCode. Used for the CREATE2 deployer here and the ERC-2470 singleton factory (./roles.ts).
 */
export async function ensurePresignedDeployer(
  client: PublicClient,
  wallet: WalletClient,
  devNode: boolean,
  deployer: PresignedDeployer,
): Promise<boolean> {
  const { address, signer, cost } = deployer;
  if (await hasCode(client, address)) return false;
  const [balance, nonce] = await Promise.all([client.getBalance({ address: signer }), client.getTransactionCount({ address: signer })]);
  let reason = `its signer ${signer} has sent transactions already`;
  if (nonce === 0) {
    try {
      if (balance < cost) {
        const hash = await wallet.sendTransaction({ to: signer, value: cost - balance, account: wallet.account!, chain: wallet.chain });
        await client.waitForTransactionReceipt({ hash });
      }
      await client.waitForTransactionReceipt({ hash: await client.sendRawTransaction({ serializedTransaction: deployer.tx }) });
      if (await hasCode(client, address)) return true;
      reason = 'its presigned transaction left no code';
    } catch (err) {
      reason = `the node refused its presigned transaction (${short(err)})`;
    }
  }
  if (devNode) {
    for (const method of ['hardhat_setCode', 'anvil_setCode'] as const) {
      try {
        await client.request({ method: method as never, params: [address, deployer.runtime] as never });
        if (await hasCode(client, address)) return true;
      } catch {
        // Not this kind of node: try the next method.
      }
    }
  }
  throw new AaDeployError(`cannot deploy the ${deployer.name} ${address}: ${reason}`);
}

/** Puts the CREATE2 deployer on the chain when missing; true when it did. `devNode`: the node takes *_setCode. */
export const ensureCreate2Deployer = (client: PublicClient, wallet: WalletClient, devNode: boolean): Promise<boolean> =>
  ensurePresignedDeployer(client, wallet, devNode, {
    name: 'CREATE2 deployer',
    address: CREATE2_DEPLOYER,
    signer: PRESIGNED_SIGNER,
    cost: PRESIGNED_COST,
    tx: PRESIGNED_TX,
    runtime: RUNTIME,
  });

/**
 * Deploys `bytecode` through the deployer with `salt` unless code is there already; resolves to
 * its address and whether this call deployed it.
 */
export async function ensureCreate2(
  client: PublicClient,
  wallet: WalletClient,
  what: string,
  bytecode: Hex,
  salt: Hex = zeroHash,
): Promise<{ address: Address; deployed: boolean }> {
  const address = create2Address(bytecode, salt);
  if (await hasCode(client, address)) return { address, deployed: false };
  try {
    const hash = await wallet.sendTransaction({
      to: CREATE2_DEPLOYER,
      data: concat([salt, bytecode]),
      account: wallet.account!,
      chain: wallet.chain,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error('the transaction reverted');
  } catch (err) {
    throw new AaDeployError(`cannot deploy ${what} at ${address}: ${short(err)}`);
  }
  if (!(await hasCode(client, address))) throw new AaDeployError(`deploying ${what} left no code at ${address}`);
  return { address, deployed: true };
}
