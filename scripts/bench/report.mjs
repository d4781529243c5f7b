/**
 * Turns the bench's samples into figures (w3kit, the floor, their ratio or difference, target,
 * PASS/OVER, AppKit anchor), prints them as a table and writes dist/bench.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareRounds, stats } from './stats.mjs';

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/**
 * One figure's result from `samples` (a map from `page.measure` to the values of every round).
 * A figure whose samples are missing is 'n/a' (for example an install measure not available).
 */
export function evaluate(figure, samples) {
  const subjectSamples = samples[figure.subject];
  const base = { id: figure.id, label: figure.label, unit: figure.unit, target: figure.target, anchor: figure.anchor ?? 'n/a' };
  if (!subjectSamples?.length) return { ...base, status: 'n/a' };
  const subject = { ...stats(subjectSamples), samples: subjectSamples };
  if (!figure.compare) {
    const status = figure.target === undefined ? '—' : subject.median <= figure.target ? 'PASS' : 'OVER';
    return { ...base, subject, status };
  }
  const referenceSamples = samples[figure.reference];
  if (!referenceSamples?.length) throw new Error(`${figure.id}: no samples for ${figure.reference}`);
  const rounds = compareRounds(subjectSamples, referenceSamples, figure.compare);
  const compared = { ...stats(rounds), samples: rounds };
  const status = figure.target === undefined ? '—' : compared.median <= figure.target ? 'PASS' : 'OVER';
  return {
    ...base,
    compare: figure.compare,
    subject,
    reference: { ...stats(referenceSamples), samples: referenceSamples },
    compared,
    status,
  };
}

/** "12.3 [11.0–14.1]", or just "12.3" when min and max print the same. */
function range(s, digits, suffix = '') {
  if (!s) return '';
  const median = `${fmt(s.median, digits)}${suffix}`;
  const [min, max] = [fmt(s.min, digits), fmt(s.max, digits)];
  return min === max ? median : `${median} [${min}–${max}]`;
}

/** The table's cells for one evaluated figure. */
export function cells(figure, result) {
  const d = figure.digits;
  if (result.status === 'n/a' && !result.subject) return [figure.label, 'unavailable', '', '', '', 'n/a', result.anchor];
  const unit = ` ${figure.unit}`;
  let compared = '';
  let target = '';
  if (result.compare === 'ratio') {
    compared = range(result.compared, 2, 'x');
    target = `≤ ${figure.target}x floor`;
  } else if (result.compare === 'difference') {
    const sign = result.compared.median >= 0 ? '+' : '';
    compared = `${sign}${range(result.compared, d)} ${figure.unit}`;
    target = `≤ +${figure.target} ${figure.unit} over empty page`;
  } else if (figure.target !== undefined) target = `≤ ${figure.target} ${figure.unit}`;
  return [
    figure.label,
    range(result.subject, d) + unit,
    result.reference ? range(result.reference, d) + unit : '',
    compared,
    target,
    result.status,
    result.anchor,
  ];
}

export const HEAD = ['measure', 'w3kit median [min–max]', 'floor / empty', 'w3kit vs floor', 'target', 'status', 'AppKit anchor'];

/** Lines of a plain-text table, columns padded to their widest cell. */
export function table(rows, head = HEAD) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (row) => ('  ' + row.map((c, i) => c.padEnd(widths[i])).join('  ')).trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** Evaluates every figure, prints the table, and returns the results in figure order. */
export function report(figures, samples, log = console.log) {
  const results = figures.map((f) => evaluate(f, samples));
  for (const line of table(figures.map((f, i) => cells(f, results[i])))) log(line);
  return results;
}

/** Writes `file` (dist/bench.json): the run, sizes, install footprint, every figure with its samples, and details. */
export function writeJson(file, { runs, cdn, browser, machine, sizes, install, results, details }) {
  const json = { date: new Date().toISOString(), cdn, runs, browser, machine, sizes, install, figures: results, details };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
  return json;
}
