/**
 * A sequence of checks for one app: once a step fails, the steps after it depend on it and are
 * reported as not run (counted as failed) instead of failing again for the same reason.
 */
export function steps(report, app) {
  let broken;
  return {
    async step(name, fn) {
      const full = `${app}: ${name}`;
      if (broken) {
        report.skip(full, `"${broken}" failed`);
        return false;
      }
      const ok = await report.check(full, fn);
      if (!ok) broken = name;
      return ok;
    },
    /** Reports the remaining named steps as not run, e.g. when the app did not build. */
    skipAll(names, why) {
      for (const name of names) report.skip(`${app}: ${name}`, why);
    },
  };
}
