/**
 * Whether an installed dependency tree is true to a package's `engines.node` (issue 28, item
 * 13): npm's EBADENGINE warnings in an install's output, and the installed packages whose own
 * `engines.node` refuses the oldest Node the package says it runs on.
 */
import semver from 'semver';

/** npm's EBADENGINE lines in an install's output. */
export const engineWarnings = (output) => output.split('\n').filter((line) => /EBADENGINE/.test(line));

/** The oldest Node version `range` accepts, as x.y.z. */
export const oldestNode = (range) => semver.minVersion(range)?.version;

/** `name@version wants node RANGE` for each installed package that refuses `nodeVersion`. */
export function refusingPackages(installed, nodeVersion) {
  return installed
    .filter(({ pkg }) => typeof pkg.engines?.node === 'string' && !semver.satisfies(nodeVersion, pkg.engines.node))
    .map(({ pkg }) => `${pkg.name}@${pkg.version} wants node ${pkg.engines.node}`);
}
