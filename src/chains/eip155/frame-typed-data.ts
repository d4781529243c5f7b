/**
 * EIP-712 typed data as a readable tree for the approval screen: the domain first (name,
 * version, the chain as its network's name, the verifying contract, then any other field), then
 * the message's fields nested by struct, arrays item by item, addresses in full. The tree is
 * bounded (MAX_TREE_NODES nodes, MAX_TREE_DEPTH levels; what is left out is counted in a
 * '{count} more not shown' node). Data whose types do not describe its message (malformed) still
 * reads as a tree: its values by their keys, under a line saying it is not valid typed data.
 */
import { getAddress, isAddress } from 'viem';
import type { ApprovalTree } from '../../frame/site/context.js';
import type { ApprovalTexts } from '../../frame/site/approval-texts.js';
import { fill } from '../../frame/site/texts.js';

export const MAX_TREE_NODES = 300;
export const MAX_TREE_DEPTH = 8;

type Field = { name: string; type: string };
type Types = Record<string, Field[]>;

interface Budget {
  left: number;
  texts: ApprovalTexts;
}

/** What the chain id names: a synced network's name, else the id. */
export type ChainName = (chainId: number) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function scalar(type: string, value: unknown): string {
  if (type === 'address' && typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  if (/^u?int\d*$/.test(type) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')) {
    try {
      return BigInt(value).toString();
    } catch {
      return String(value);
    }
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** Nodes for `entries`, within the budget: one '{count} more not shown' node stands for the rest. */
function bounded(entries: [string, () => ApprovalTree][], budget: Budget): ApprovalTree[] {
  const nodes: ApprovalTree[] = [];
  for (const [i, [, make]] of entries.entries()) {
    if (budget.left <= 0) {
      nodes.push({ label: '…', value: fill(budget.texts.more, { count: entries.length - i }) });
      break;
    }
    budget.left--;
    nodes.push(make());
  }
  return nodes;
}

function typedNode(label: string, type: string, value: unknown, types: Types, depth: number, budget: Budget): ApprovalTree {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array && Array.isArray(value)) {
    const inner = array[1]!;
    return {
      label,
      children: nested(
        value.map((item, i) => [`#${i + 1}`, inner, item] as const),
        types,
        depth,
        budget,
      ),
    };
  }
  const struct = Object.hasOwn(types, type) ? types[type] : undefined;
  if (struct && isRecord(value)) {
    return {
      label,
      children: nested(
        struct.map((f) => [f.name, f.type, value[f.name]] as const),
        types,
        depth,
        budget,
      ),
    };
  }
  return { label, value: scalar(type, value) };
}

function nested(fields: readonly (readonly [string, string, unknown])[], types: Types, depth: number, budget: Budget): ApprovalTree[] {
  if (depth >= MAX_TREE_DEPTH) return [{ label: '…', value: fill(budget.texts.more, { count: fields.length }) }];
  return bounded(
    fields.map(([label, type, value]) => [label, () => typedNode(label, type, value, types, depth + 1, budget)]),
    budget,
  );
}

/** Any JSON value as a tree by its keys (the fallback for data its types do not describe). */
function plainNode(label: string, value: unknown, depth: number, budget: Budget): ApprovalTree {
  if (!isRecord(value) && !Array.isArray(value)) return { label, value: scalar('', value) };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [`#${i + 1}`, item]) : Object.entries(value);
  if (depth >= MAX_TREE_DEPTH) return { label, children: [{ label: '…', value: fill(budget.texts.more, { count: entries.length }) }] };
  return {
    label,
    children: bounded(
      entries.map(([key, item]) => [key, () => plainNode(key, item, depth + 1, budget)]),
      budget,
    ),
  };
}

function domainNode(domain: Record<string, unknown>, chainName: ChainName, budget: Budget): ApprovalTree {
  const { texts } = budget;
  const known: [string, string, (value: unknown) => string][] = [
    ['name', texts.name, (v) => scalar('string', v)],
    ['version', texts.version, (v) => scalar('string', v)],
    ['chainId', texts.network, (v) => chainLabel(v, chainName)],
    ['verifyingContract', texts.contract, (v) => scalar('address', v)],
  ];
  const entries: [string, () => ApprovalTree][] = known
    .filter(([key]) => domain[key] !== undefined)
    .map(([key, label, show]) => [key, () => ({ label, value: show(domain[key]) })]);
  for (const [key, value] of Object.entries(domain)) {
    if (!known.some(([name]) => name === key)) entries.push([key, () => plainNode(key, value, 2, budget)]);
  }
  return { label: texts.domain, children: bounded(entries, budget) };
}

function chainLabel(value: unknown, chainName: ChainName): string {
  const id = Number(scalar('uint256', value));
  const name = Number.isSafeInteger(id) ? chainName(id) : undefined;
  return name ? `${name} (${id})` : scalar('uint256', value);
}

/** Whether every struct the message uses is described by `types` (else the data reads as a plain tree). */
function describes(types: unknown, primaryType: unknown): types is Types {
  if (!isRecord(types) || typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType)) return false;
  return Object.values(types).every(
    (fields) => Array.isArray(fields) && fields.every((f) => isRecord(f) && typeof f.name === 'string' && typeof f.type === 'string'),
  );
}

/**
 * The tree of typed data (already parsed from JSON): the domain, then the message (labelled with
 * its primary type). `valid` is false when the types do not describe the message.
 */
export function typedDataTree(data: unknown, chainName: ChainName, texts: ApprovalTexts): { tree: ApprovalTree[]; valid: boolean } {
  const budget: Budget = { left: MAX_TREE_NODES, texts };
  const typed = isRecord(data) ? data : {};
  const domain = isRecord(typed.domain) ? typed.domain : undefined;
  const tree: ApprovalTree[] = domain ? [domainNode(domain, chainName, budget)] : [];
  if (describes(typed.types, typed.primaryType) && isRecord(typed.message)) {
    const node = typedNode(texts.message, typed.primaryType as string, typed.message, typed.types, 0, budget);
    tree.push({ ...node, value: typed.primaryType as string });
    return { tree, valid: true };
  }
  const rest = Object.fromEntries(Object.entries(typed).filter(([key]) => key !== 'domain'));
  tree.push(plainNode(texts.message, isRecord(data) ? rest : data, 0, budget));
  return { tree, valid: false };
}
