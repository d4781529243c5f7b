/**
 * The ERC-4337 figures the backend and the aa commands need, without a static import of
 * viem/account-abstraction: the bin is one bundle that keeps a top-level import of every external
 * package its code names statically, and the ES module loader opens that import graph's files all
 * at once, so a large graph fails to start under a low open-files limit
 * (server/test/relay-fd-reserve.test.ts starts the bin at 512). ./sponsor.ts imports it when it signs.
 */

/** EntryPoint v0.7's canonical address (viem's `entryPoint07Address`). */
export const ENTRY_POINT_V07: `0x${string}` = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

/** The paymaster's gas limits (its validation recovers one signature; it has no postOp). */
export const PAYMASTER_VERIFICATION_GAS = 60_000n;
export const PAYMASTER_POST_OP_GAS = 0n;
