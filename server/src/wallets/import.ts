/**
 * Importing wallet entries (a wallet file, or entries in memory): every entry is checked with
 * the wire schema, its links against the allowlist of src/wire/links.ts (https: or a wallet app
 * scheme), its name for control and invisible direction characters, plus an optional inline
 * `image`; on any error nothing is imported. The wallets repository (`app.wallets`,
 * ../storage/wallets.ts) stores them, all or nothing.
 */
import { readFileSync } from 'node:fs';
import { hiddenCharacterProblem, WALLET_LINK_FIELDS, walletLinkProblem } from '../../../src/wire/links.js';
import { walletEntrySchema, type WalletEntry } from '../../../src/wire/provider-api.js';
import { badgeSvg, initials } from '../images/svg.js';
import { decodeImageSource, etagOf, svgImage, type ImageData } from '../images/image-data.js';
import { walletMark } from '../images/marks.js';

export interface WalletIssue {
  /** Index of the entry in the list (0-based). */
  index: number;
  /** The entry's id when it has a readable one. */
  id: string | undefined;
  /** The field that is wrong, as a dotted path (`chains.2`, `injected.0.namespace`, `image`). */
  field: string;
  message: string;
}

/** A wallet list that cannot be imported; `issues` lists every bad entry (at most 50). */
export class WalletImportError extends Error {
  override name = 'WalletImportError';
  constructor(
    readonly issues: readonly WalletIssue[],
    readonly source?: string,
  ) {
    const first = issues
      .slice(0, 5)
      .map((i) => `entry ${i.index}${i.id ? ` (id '${i.id}')` : ''}: '${i.field}' ${i.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(`${source ? `${source}: ` : ''}invalid wallet list: ${first}${more}`);
  }

  get field(): string {
    return this.issues[0]?.field ?? 'wallets';
  }
}

export interface ValidWallet {
  entry: WalletEntry;
  image: ImageData | undefined;
}

const MAX_ISSUES = 50;

/** The first field of a schema-valid entry whose text or link is not allowed. */
function contentIssue(entry: WalletEntry): { field: string; message: string } | undefined {
  const name = hiddenCharacterProblem(entry.name);
  if (name) return { field: 'name', message: name };
  for (const field of WALLET_LINK_FIELDS) {
    const link = entry[field];
    const problem = link === null ? undefined : walletLinkProblem(link);
    if (problem) return { field, message: `${problem} (got ${JSON.stringify(link?.slice(0, 80))})` };
  }
  return undefined;
}

/** Checks a parsed wallet file (`[entries]` or `{ data: [entries] }`); throws WalletImportError. */
export function validateWalletList(input: unknown, source?: string): ValidWallet[] {
  const list = Array.isArray(input)
    ? (input as unknown[])
    : typeof input === 'object' && input !== null && Array.isArray((input as { data?: unknown }).data)
      ? ((input as { data: unknown[] }).data as unknown[])
      : undefined;
  if (!list)
    throw new WalletImportError(
      [{ index: -1, id: undefined, field: 'wallets', message: 'must be a list of wallet entries (or { "data": [...] })' }],
      source,
    );
  const issues: WalletIssue[] = [];
  const out: ValidWallet[] = [];
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    if (issues.length >= MAX_ISSUES) return;
    const id =
      typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : undefined;
    const parsed = walletEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      issues.push({ index, id, field: issue.path.map(String).join('.') || 'entry', message: issue.message });
      return;
    }
    const content = contentIssue(parsed.data);
    if (content) {
      issues.push({ index, id, ...content });
      return;
    }
    if (seen.has(parsed.data.id)) {
      issues.push({ index, id, field: 'id', message: 'is used by an earlier entry' });
      return;
    }
    seen.add(parsed.data.id);
    let image: ImageData | undefined;
    const source = (raw as { image?: unknown }).image;
    if (source !== undefined && source !== null) {
      const decoded = typeof source === 'string' ? decodeImageSource(source) : 'must be a string';
      if (typeof decoded === 'string') {
        issues.push({ index, id, field: 'image', message: decoded });
        return;
      }
      image = decoded;
    }
    out.push({ entry: parsed.data, image });
  });
  if (issues.length) throw new WalletImportError(issues, source);
  return out;
}

/** Reads and parses a wallet file (JSON). */
export function readWalletFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new WalletImportError([{ index: -1, id: undefined, field: 'file', message: `cannot be read (${(err as Error).message})` }], file);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new WalletImportError([{ index: -1, id: undefined, field: 'file', message: `is not JSON (${(err as Error).message})` }], file);
  }
}

/**
 * The image of a wallet without its own: its real mark where an icon package has one
 * (../images/marks.ts), else a monogram. With a mark, `replacesEtag` is the ETag of the monogram
 * an older version stored for it, which the mark replaces (an operator's own image stays).
 */
export function walletBadge(entry: Pick<WalletEntry, 'id' | 'name'>): ImageData & { replacesEtag?: string } {
  const monogram = svgImage(badgeSvg({ seed: entry.id, label: initials(entry.name) }));
  const mark = walletMark(entry.id);
  return mark === undefined ? monogram : { ...svgImage(mark), replacesEtag: etagOf(monogram.body) };
}

export interface ImportWalletsOptions {
  /** Replace the whole registry (and its wallet images) instead of adding to it / updating it. */
  replace?: boolean;
}

export interface ImportWalletsResult {
  /** Entries in the list. */
  imported: number;
  /** Wallets in the registry afterwards. */
  total: number;
}
