import { describe, expect, it } from 'vitest';
import { approvalTexts } from '../../frame/site/approval-texts.js';
import type { ApprovalTree } from '../../frame/site/context.js';
import { MAX_TREE_DEPTH, MAX_TREE_NODES, typedDataTree } from './frame-typed-data.js';

const EN = approvalTexts('en');
const chainName = (id: number) => (id === 1 ? 'Ethereum' : undefined);
const PERMIT = {
  domain: { name: 'Demo Dollar', version: '2', chainId: 1, verifyingContract: '0x5fbdb2315678afecb367f032d93f642f64180aa3', salt: '0x01' },
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'amount', type: 'uint256' },
      { name: 'urgent', type: 'bool' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' },
    to: [{ name: 'Bob', wallet: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }],
    amount: '0x10',
    urgent: true,
  },
};

/** How many nodes a tree has. */
const count = (nodes: ApprovalTree[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children ?? []), 0);
const depth = (nodes: ApprovalTree[]): number => Math.max(0, ...nodes.map((node) => 1 + depth(node.children ?? [])));

describe('typed data as a readable tree', () => {
  it('domain first (chain by its network name, contract in full), then the message nested by struct, arrays item by item', () => {
    const { tree, valid } = typedDataTree(PERMIT, chainName, EN);
    expect(valid).toBe(true);
    expect(tree).toEqual([
      {
        label: 'Domain',
        children: [
          { label: 'Name', value: 'Demo Dollar' },
          { label: 'Version', value: '2' },
          { label: 'Network', value: 'Ethereum (1)' },
          { label: 'Contract', value: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
          { label: 'salt', value: '0x01' },
        ],
      },
      {
        label: 'Message',
        value: 'Mail',
        children: [
          {
            label: 'from',
            children: [
              { label: 'name', value: 'Cow' },
              { label: 'wallet', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
            ],
          },
          {
            label: 'to',
            children: [
              {
                label: '#1',
                children: [
                  { label: 'name', value: 'Bob' },
                  { label: 'wallet', value: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
                ],
              },
            ],
          },
          { label: 'amount', value: '16' },
          { label: 'urgent', value: 'true' },
        ],
      },
    ]);
    // A chain no synced network has reads as its id; the labels follow the locale.
    const fr = typedDataTree({ ...PERMIT, domain: { chainId: 10 } }, chainName, approvalTexts('fr'));
    expect(fr.tree[0]).toEqual({ label: 'Domaine', children: [{ label: 'Réseau', value: '10' }] });
  });

  it('malformed typed data (types that do not describe the message) still reads as a tree of its values, flagged invalid', () => {
    const { tree, valid } = typedDataTree({ ...PERMIT, primaryType: 'Missing' }, chainName, EN);
    expect(valid).toBe(false);
    expect(tree[0]!.label).toBe('Domain');
    const message = tree[1]!;
    expect(message.label).toBe('Message');
    const body = message.children!.find((node) => node.label === 'message')!;
    expect(body.children!.find((node) => node.label === 'urgent')).toEqual({ label: 'urgent', value: 'true' });
    expect(typedDataTree('not typed data', chainName, EN)).toEqual({ tree: [{ label: 'Message', value: 'not typed data' }], valid: false });
    expect(typedDataTree({ ...PERMIT, types: { Mail: 'nope' } }, chainName, EN).valid).toBe(false);
  });

  it('huge and deep typed data are bounded, with what is left out counted', () => {
    const fields = Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, type: 'uint256' }));
    const huge = { types: { Big: fields }, primaryType: 'Big', message: Object.fromEntries(fields.map((f, i) => [f.name, i])) };
    const big = typedDataTree(huge, chainName, EN).tree;
    expect(count(big)).toBeLessThanOrEqual(MAX_TREE_NODES + 2);
    expect(big[0]!.children!.at(-1)).toEqual({ label: '…', value: `${2000 - MAX_TREE_NODES} more not shown` });

    // A struct nested in itself 50 levels deep (as an array, so it is valid EIP-712).
    let message: Record<string, unknown> = { leaf: 'x', next: [] };
    for (let i = 0; i < 50; i++) message = { leaf: `l${i}`, next: [message] };
    const deep = {
      types: {
        Node: [
          { name: 'leaf', type: 'string' },
          { name: 'next', type: 'Node[]' },
        ],
      },
      primaryType: 'Node',
      message,
    };
    const tree = typedDataTree(deep, chainName, EN).tree;
    expect(depth(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 2);
    expect(JSON.stringify(tree)).toContain('more not shown');
    // The plain fallback is bounded the same way.
    let plain: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) plain = { inner: plain };
    expect(depth(typedDataTree({ message: plain }, chainName, EN).tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 3);
  });
});
