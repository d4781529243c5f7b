/**
 * The bin's words when better-sqlite3 has no usable native module (an install script npm did not
 * run, or a build for another Node): the commands that mend it, not the loader's list of paths.
 * The errors are shaped as the `bindings` package and Node's loader throw them.
 */
import { describe, expect, it } from 'vitest';
import { nativeDriverFailure, openFailure } from './file-check.js';

const notBuilt = new Error(
  'Could not locate the bindings file. Tried:\n → /app/node_modules/better-sqlite3/build/better_sqlite3.node\n → /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
);
const otherNode = Object.assign(
  new Error(
    "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 127. This version of Node.js requires NODE_MODULE_VERSION 115.",
  ),
  { code: 'ERR_DLOPEN_FAILED' },
);

describe('a SQLite driver with no native module', () => {
  it('names the missing build and the commands that mend it', () => {
    const err = nativeDriverFailure(notBuilt) as Error;
    expect(err.message).toMatch(/^The SQLite driver better-sqlite3 has no native module: its install script did not run or failed\./);
    expect(err.message).toContain('npm rebuild better-sqlite3');
    expect(err.message).toContain('npm install-scripts approve better-sqlite3');
    expect(err.message).not.toContain('Tried:');
    expect(err.cause).toBe(notBuilt);
  });

  it('names a build for another Node version, through the file opener too', () => {
    const err = openFailure(otherNode, '/data/w3kit.sqlite') as Error;
    expect(err.message).toContain(`was built for another Node version than ${process.version}`);
    expect(err.message).toContain('npm rebuild better-sqlite3');
  });

  it('leaves every other error as it is', () => {
    const other = new Error('something else');
    expect(nativeDriverFailure(other)).toBe(other);
  });
});
