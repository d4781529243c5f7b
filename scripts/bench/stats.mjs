/**
 * The bench's arithmetic: min, median and max of samples, and how w3kit's samples compare with
 * the floor's (or an empty page's) taken in the same rounds (issue 11, section 6).
 */

/** Min, median and max of a non-empty list of numbers. */
export function stats(samples) {
  if (samples.length === 0) throw new Error('stats: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1] };
}

/**
 * Compares w3kit's samples with the reference's, round by round (sample i of each was taken in
 * round i, so both saw the same machine): 'ratio' divides, 'difference' subtracts.
 */
export function compareRounds(subject, reference, how) {
  if (subject.length !== reference.length || subject.length === 0)
    throw new Error(`compareRounds: ${subject.length} samples against ${reference.length}`);
  return subject.map((value, i) => (how === 'ratio' ? value / reference[i] : value - reference[i]));
}
