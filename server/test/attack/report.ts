/**
 * The attack suite's output: a text report per attack (what it tried, what it measured, the
 * criterion and the verdict), the JSON result read back (checked, so a foreign file is refused
 * with a reason), and the differences between two runs.
 */
import type { Figure } from './attack.js';
import type { AttackRecord, SuiteResult } from './suite.js';

const VERDICT_TEXT = { held: 'HELD', 'did not hold': 'DID NOT HOLD', 'not run': 'NOT RUN' } as const;

function figureText(name: string, value: Figure): string {
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(([k, n]) => `${k} x${n}`);
    return parts.length ? parts.join(', ') : 'none';
  }
  if (typeof value === 'number' && /bytes/i.test(name) && Math.abs(value) >= 1024 * 1024) {
    return `${value} (${(value / 1024 / 1024).toFixed(1)} MiB)`;
  }
  return String(value);
}

/** One attack's block of the report. */
export function formatRecord(r: AttackRecord): string {
  const lines = [
    `${r.item}. ${r.title} [${r.id}]: ${VERDICT_TEXT[r.verdict]} (${(r.durationMs / 1000).toFixed(1)} s)`,
    `   tried:     ${r.tried}`,
    `   criterion: ${r.criterion}`,
  ];
  if (r.settings && (r.settings.env || r.settings.maxOpenFiles)) {
    const env = Object.entries(r.settings.env ?? {}).map(([k, v]) => `${k}=${v}`);
    lines.push(`   server:    ${[...env, ...(r.settings.maxOpenFiles ? [`ulimit -n ${r.settings.maxOpenFiles}`] : [])].join(' ')}`);
  }
  lines.push('   measured:');
  for (const [name, value] of Object.entries(r.measured)) lines.push(`     ${name}: ${figureText(name, value)}`);
  for (const note of r.notes ?? []) lines.push(`   note: ${note}`);
  return lines.join('\n');
}

export function formatSuite(result: SuiteResult): string {
  const held = result.attacks.filter((a) => a.verdict === 'held').length;
  return [
    `w3kit-server attack suite (${result.quick ? 'quick' : 'full'}, target ${result.target}, ${result.startedAt})`,
    '',
    ...result.attacks.map((a) => `${formatRecord(a)}\n`),
    `${held} of ${result.attacks.length} held in ${(result.durationMs / 1000).toFixed(0)} s: ` +
      result.attacks.map((a) => `${a.id} ${a.verdict}`).join(', '),
  ].join('\n');
}

/** Parses a result file's text; throws naming what is wrong when it is not one. */
export function parseResult(text: string, where: string): SuiteResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`${where} is not JSON: ${(err as Error).message}`);
  }
  const v = value as Partial<SuiteResult> | null;
  if (!v || v.version !== 1 || !Array.isArray(v.attacks) || typeof v.startedAt !== 'string') {
    throw new Error(`${where} is not an attack suite result (version 1 with attacks)`);
  }
  for (const a of v.attacks) {
    if (typeof a?.id !== 'string' || typeof a.verdict !== 'string' || typeof a.measured !== 'object' || a.measured === null) {
      throw new Error(`${where}: an attack entry lacks its id, verdict or measured figures`);
    }
  }
  return v as SuiteResult;
}

export interface AttackDifference {
  id: string;
  verdict: { before: string | null; after: string | null };
  /** Numeric figures present in both runs that changed. */
  figures: { name: string; before: number; after: number }[];
}

/** What changed from `before` to `after`, attack by attack (an attack in only one run has a null verdict on the other side). */
export function compareResults(before: SuiteResult, after: SuiteResult): AttackDifference[] {
  const ids = [...new Set([...after.attacks.map((a) => a.id), ...before.attacks.map((a) => a.id)])];
  return ids.map((id) => {
    const b = before.attacks.find((a) => a.id === id);
    const a = after.attacks.find((x) => x.id === id);
    const figures: AttackDifference['figures'] = [];
    for (const [name, value] of Object.entries(a?.measured ?? {})) {
      const old = b?.measured[name];
      if (typeof value === 'number' && typeof old === 'number' && value !== old) figures.push({ name, before: old, after: value });
    }
    return { id, verdict: { before: b?.verdict ?? null, after: a?.verdict ?? null }, figures };
  });
}

export function formatComparison(differences: AttackDifference[], beforeWhen: string): string {
  const lines = [`Compared with the run of ${beforeWhen}:`];
  for (const d of differences) {
    const { before, after } = d.verdict;
    lines.push(before === after ? `  ${d.id}: ${after} (unchanged)` : `  ${d.id}: ${before ?? 'absent'} -> ${after ?? 'absent'}`);
    for (const f of d.figures) {
      const change =
        f.before === 0 ? '' : ` (${f.after > f.before ? '+' : ''}${(((f.after - f.before) / Math.abs(f.before)) * 100).toFixed(0)}%)`;
      lines.push(`    ${f.name}: ${f.before} -> ${f.after}${change}`);
    }
  }
  return lines.join('\n');
}
