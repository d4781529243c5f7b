/**
 * The development keys `aa deploy` and `bundler` fall back to on development chains only:
 * Hardhat's dev accounts (mnemonic 'test test ... junk'). Account 0 deploys (as `dex deploy`
 * does); the bundler's executor and utility accounts are 1 and 2, so a bundler never races the
 * deployer's nonces.
 */
import { bytesToHex, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** The chains the development keys may be used on (Hardhat, Ganache/anvil style). */
export const DEV_CHAIN_IDS: readonly number[] = [31337, 1337];

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** The private key of Hardhat's dev account `index`. */
export function devAccountKey(index: number): Hex {
  const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for dev account ${index}`);
  return bytesToHex(key);
}

/** Whether `key` is a private key: 0x and 64 hex characters. */
export const isPrivateKey = (key: string): key is Hex => /^0x[0-9a-fA-F]{64}$/.test(key);
