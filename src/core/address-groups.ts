/**
 * The full address in even groups, for reading it out or checking it by eye (WalletReceive):
 * an EVM address as `0x` and ten groups of 4 hex characters; any other (a Solana address) in
 * groups of 4 from its start, the last group taking what is left.
 */
const GROUP = 4;

export function addressGroups(address: string): string[] {
  const hex = /^0x/.test(address);
  const body = hex ? address.slice(2) : address;
  const groups: string[] = [];
  for (let i = 0; i < body.length; i += GROUP) groups.push(body.slice(i, i + GROUP));
  return hex ? ['0x', ...groups] : groups;
}
