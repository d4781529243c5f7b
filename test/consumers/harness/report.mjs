/**
 * The suite's checks: each named, timed and counted; a failure prints its first lines and the run
 * goes on. `skip` counts a check that could not run (its app did not build) as failed, saying why.
 */
export function createReport() {
  const results = [];
  /** app -> { firstLoad, total }: gzip bytes and file counts. */
  const sizes = new Map();
  const firstLines = (error) =>
    String(error?.stack && !(error?.message ?? '').includes('\n') ? error.message : (error?.message ?? error))
      .split('\n')
      .slice(0, 30)
      .join('\n      ');

  /** Runs `fn` as one check; resolves to whether it passed. */
  async function check(name, fn) {
    const start = Date.now();
    try {
      await fn();
      results.push({ name, ok: true });
      console.log(`  ok    ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
      return true;
    } catch (error) {
      results.push({ name, ok: false, why: firstLines(error).split('\n')[0] });
      console.log(`  FAIL  ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)\n      ${firstLines(error)}`);
      return false;
    }
  }

  function skip(name, why) {
    results.push({ name, ok: false, why: `not run (${why})` });
    console.log(`  FAIL  ${name}: not run (${why})`);
  }

  return {
    check,
    skip,
    setSize: (app, key, value) => sizes.set(app, { ...sizes.get(app), [key]: value }),
    sizes,
    passed: () => results.filter((r) => r.ok).length,
    failed: () => results.filter((r) => !r.ok).length,
    /** Each failed check with its first line, for the closing summary of `npm test`. */
    failures: () => results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.why}`),
  };
}

/** Throws `message` unless `condition`. */
export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Polls `read` until `accept(value)`; throws naming `what` and the last value after `timeoutMs`. */
export async function waitFor(what, read, accept, timeoutMs = 15_000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeoutMs) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs / 1000} s`);
}
