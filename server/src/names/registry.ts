/**
 * The name registry: names registered through POST /v1/profile/account. A name is unique in any
 * case (ASCII) across registered names and the operator's identities (`w3kit-server identity
 * set`); an address holds at most one name per zone. Registered names are what /v1/identity and
 * the profile routes answer first. The data is the names repository's (`app.names`,
 * ../storage/names.ts); this file holds the suggestions' rules.
 */
import type { NameSuggestion } from '../../../src/wire/names-api.js';
import { NAME_MAX_LENGTH, nameLabelIssue } from '../../../src/wire/names-api.js';
import type { NamesRepository } from '../storage/names.js';

export { NameConflictError } from './conflict.js';

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
 * when free), then up to SUGGESTIONS_MAX free variants. One lookup for all the candidates.
 */
export async function suggestNames(names: NamesRepository, label: string, zone: string): Promise<NameSuggestion[]> {
  const own = `${label}.${zone}`;
  const candidates = variants(label).map((variant) => `${variant}.${zone}`);
  const taken = await names.taken([own, ...candidates]);
  const suggestions: NameSuggestion[] = [{ name: own, registered: taken.has(own.toLowerCase()) }];
  for (const name of candidates) {
    if (suggestions.length > SUGGESTIONS_MAX) break;
    if (!taken.has(name.toLowerCase())) suggestions.push({ name, registered: false });
  }
  return suggestions;
}
