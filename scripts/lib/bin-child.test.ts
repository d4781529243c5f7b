/** scripts/lib/bin-child.mjs: a bin command that ends before its ready line fails in words, with what it printed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../server/scripts/bundle.mjs';
import { startBinChild } from './bin-child.mjs';

beforeAll(async () => {
  await bundleServer();
}, 30_000);

describe('startBinChild', () => {
  it('rejects, naming the command, its exit code and its output, when the child exits before printing the ready line', async () => {
    const started = startBinChild('no-such-command', [], /^never$/m);
    await expect(started).rejects.toThrow(
      /^w3kit-server no-such-command exited with code [1-9]\d* before answering:\n[\s\S]*no-such-command/,
    );
  });
});
