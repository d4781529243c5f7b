/**
 * The verifying paymaster (@account-abstraction/contracts 0.7.0 VerifyingPaymaster): it
 * sponsors a user operation that carries its verifying signer's signature over the operation
 * and a validity window. Its owner (who may withdraw its EntryPoint deposit and stake) is
 * whoever deploys it, so it is not deployed through the CREATE2 deployer (that would own it):
 * a deployer account derived from the deployer's key and the signer sends it as its first
 * transaction, then hands ownership to the deployer. Its address therefore depends only on the
 * deployer's key and the signer, and a second run finds it there.
 */
import {
  concat,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  keccak256,
  parseAbi,
  stringToHex,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { aaArtifact } from './artifacts.js';
import { AaDeployError } from './errors.js';

export const paymasterAbi = parseAbi([
  'function owner() view returns (address)',
  'function transferOwnership(address newOwner)',
  'function verifyingSigner() view returns (address)',
]);
export const entryPointDepositAbi = parseAbi([
  'function balanceOf(address account) view returns (uint256)',
  'function depositTo(address account) payable',
]);

/** The key of the account that deploys the paymaster of `signer` for the deployer `deployerKey`. */
function paymasterDeployerKey(deployerKey: Hex, signer: Address): Hex {
  return keccak256(concat([stringToHex('w3kit verifying paymaster deployer'), deployerKey, signer]));
}

/** Where the paymaster of `signer` deployed by `deployerKey` is. */
export function paymasterAddress(deployerKey: Hex, signer: Address): Address {
  return getContractAddress({ from: privateKeyToAccount(paymasterDeployerKey(deployerKey, signer)).address, nonce: 0n });
}

export interface EnsurePaymasterOptions {
  client: PublicClient;
  /** The deployer's wallet (its account becomes the owner and funds everything). */
  wallet: WalletClient;
  deployerKey: Hex;
  entryPoint: Address;
  signer: Address;
  /** Top its EntryPoint deposit up to this (wei) when below; 0n: leave it. */
  deposit: bigint;
}

/** Deploys the paymaster when missing and tops its deposit up; resolves to its address and what this call did. */
export async function ensurePaymaster(
  options: EnsurePaymasterOptions,
): Promise<{ address: Address; deployed: boolean; deposited: bigint }> {
  const { client, wallet, deployerKey, entryPoint, signer, deposit } = options;
  const owner = wallet.account!;
  const deployer = privateKeyToAccount(paymasterDeployerKey(deployerKey, signer));
  const address = paymasterAddress(deployerKey, signer);
  const send = async (what: string, tx: Parameters<WalletClient['sendTransaction']>[0]) => {
    try {
      const receipt = await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction(tx) });
      if (receipt.status !== 'success') throw new Error('the transaction reverted');
    } catch (err) {
      throw new AaDeployError(
        `cannot ${what}: ${((err as { shortMessage?: string }).shortMessage ?? (err as Error).message).split('\n')[0]}`,
      );
    }
  };

  let deployed = false;
  if (((await client.getCode({ address })) ?? '0x') === '0x') {
    if ((await client.getTransactionCount({ address: deployer.address })) > 0)
      throw new AaDeployError(`the paymaster's deployer ${deployer.address} has sent transactions but ${address} holds no code`);
    const { abi, bytecode } = aaArtifact('verifyingPaymaster');
    const data = encodeDeployData({ abi, bytecode, args: [entryPoint, signer] });
    const fees = await client.estimateFeesPerGas();
    const gas = (await client.estimateGas({ account: deployer.address, data })) + 60_000n;
    // Its own gas: the deployment and the ownership transfer (about 30,000), with room for a fee rise.
    await send('fund the paymaster deployer', {
      account: owner,
      chain: wallet.chain,
      to: deployer.address,
      value: gas * fees.maxFeePerGas * 2n,
    });
    await send('deploy the verifying paymaster', {
      account: deployer,
      chain: wallet.chain,
      data,
      gas,
      maxFeePerGas: fees.maxFeePerGas * 2n,
    });
    await send('hand the paymaster to the deployer', {
      account: deployer,
      chain: wallet.chain,
      to: address,
      data: encodeFunctionData({ abi: paymasterAbi, functionName: 'transferOwnership', args: [owner.address] }),
    });
    deployed = true;
  }
  let deposited = 0n;
  const balance = await client.readContract({ address: entryPoint, abi: entryPointDepositAbi, functionName: 'balanceOf', args: [address] });
  if (balance < deposit) {
    deposited = deposit - balance;
    await send("fund the paymaster's EntryPoint deposit", {
      account: owner,
      chain: wallet.chain,
      to: entryPoint,
      value: deposited,
      data: encodeFunctionData({ abi: entryPointDepositAbi, functionName: 'depositTo', args: [address] }),
    });
  }
  return { address, deployed, deposited };
}
