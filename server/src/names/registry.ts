/**
 * The name registry's data: names registered through POST /v1/profile/account, in the
 * `registered_names` table. A name is unique in any case (ASCII) across registered names and
 * the operator's identities (`w3kit-server identity set`); an address holds at most one name
 * per zone. Registered names are what /v1/identity and the profile routes answer first.
 */
import { getAddress } from 'viem';
import type { Database } from '../db/open.js';
import type { NameSuggestion } from '../../../src/wire/names-api.js';
import { NAME_MAX_LENGTH, nameLabelIssue } from '../../../src/wire/names-api.js';

export interface RegisteredName {
  name: string;
  zone: string;
  /** Checksummed. */
  address: string;
  attributes: Record<string, string>;
  createdAt: number;
}

interface Row {
  name: string;
  zone: string;
  address: string;
  attributes: string;
  created_at: number;
}

const fromRow = (row: Row): RegisteredName => ({
  name: row.name,
  zone: row.zone,
  address: getAddress(row.address),
  attributes: JSON.parse(row.attributes) as Record<string, string>,
  createdAt: row.created_at,
});

/** A registration refused for the state of the registry (the name is taken, the address has one). */
export class NameConflictError extends Error {
  override name = 'NameConflictError';
  constructor(
    readonly field: 'name' | 'address',
    message: string,
  ) {
    super(message);
  }
}

/** The registered name `name` (any case), if any. */
export function findRegisteredName(db: Database, name: string): RegisteredName | undefined {
  const row = db.prepare('SELECT * FROM registered_names WHERE name = ?').get(name) as Row | undefined;
  return row && fromRow(row);
}

/** The names registered to `address` (any zone, `zone` alone when given), newest first. */
export function registeredNamesOf(db: Database, address: string, zone?: string): RegisteredName[] {
  const lower = address.toLowerCase();
  const rows = (
    zone === undefined
      ? db.prepare('SELECT * FROM registered_names WHERE address = ? ORDER BY created_at DESC, rowid DESC').all(lower)
      : db.prepare('SELECT * FROM registered_names WHERE address = ? AND zone = ? ORDER BY created_at DESC').all(lower, zone)
  ) as Row[];
  return rows.map(fromRow);
}

/** Whether `name` is taken (any case): registered, or an operator-set identity's name. */
export function nameTaken(db: Database, name: string): boolean {
  const registered = db.prepare('SELECT 1 FROM registered_names WHERE name = ?').get(name);
  return registered !== undefined || db.prepare('SELECT 1 FROM identities WHERE name = ? COLLATE NOCASE').get(name) !== undefined;
}

export interface NewName {
  /** `<label>.<zone>`, as registered. */
  name: string;
  zone: string;
  address: string;
  attributes: Record<string, string>;
  message: string;
  signature: string;
  now: number;
}

/**
 * Registers a name; the checks and the write are one immediate transaction, so two requests
 * for one name (or one address) cannot both succeed. Throws NameConflictError when the name is
 * taken in any case, or the address already has a name in the zone.
 */
export function registerName(db: Database, entry: NewName): RegisteredName {
  const address = entry.address.toLowerCase();
  db.transaction(() => {
    const held = registeredNamesOf(db, address, entry.zone)[0];
    if (held) throw new NameConflictError('address', `This address already has a name in ${entry.zone}: ${held.name}`);
    if (nameTaken(db, entry.name)) throw new NameConflictError('name', `The name ${entry.name} is already taken`);
    db.prepare(
      `INSERT INTO registered_names (name, zone, address, attributes, message, signature, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(entry.name, entry.zone, address, JSON.stringify(entry.attributes), entry.message, entry.signature, entry.now);
  }).immediate();
  return findRegisteredName(db, entry.name)!;
}

/** How many suggestions GET /v1/profile/suggestions gives besides a taken name itself. */
export const SUGGESTIONS_MAX = 5;

/** Variants of a label, most alike first; each within the label length limit. */
function variants(label: string): string[] {
  const base = label.replace(/-+$/, '');
  const cut = (suffix: string) => `${base.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
  const list = ['1', '2', '3', 'x', '-app', '-id', '7', '42', '-web3', '99', '2025', '-one'].map(cut);
  // Never a suggestion the registration would refuse (the label rules of the wire contract).
  return [...new Set(list.filter((v) => v.toLowerCase() !== label.toLowerCase() && nameLabelIssue(v) === undefined))];
}

/**
 * Suggestions for `label` in `zone`: the name itself first (registered true when taken, false
 * when free), then up to SUGGESTIONS_MAX free variants.
 */
export function suggestNames(db: Database, label: string, zone: string): NameSuggestion[] {
  const own = `${label}.${zone}`;
  const suggestions: NameSuggestion[] = [{ name: own, registered: nameTaken(db, own) }];
  for (const variant of variants(label)) {
    if (suggestions.length > SUGGESTIONS_MAX) break;
    const name = `${variant}.${zone}`;
    if (!nameTaken(db, name)) suggestions.push({ name, registered: false });
  }
  return suggestions;
}
