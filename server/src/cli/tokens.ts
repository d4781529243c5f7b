/** `w3kit-server tokens spam|unspam|list`: indexed tokens and NFT collections, and the spam list. */
import { listSpam, markSpam, unmarkSpam } from '../blockchain/spam.js';
import { listTokens } from '../blockchain/tokens.js';
import { NotFoundError } from '../errors.js';
import { COMMON_FLAGS, withStorage, type Command } from './command.js';

export const tokensCommands: readonly Command[] = [
  {
    name: 'tokens spam',
    usage: 'tokens spam ADDRESS',
    summary: 'mark a token or NFT contract as spam (any chain)',
    args: 1,
    argsHint: 'an ADDRESS',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      out(`Marked ${await withStorage(config, (storage) => markSpam(storage, args[0]!))} as spam`);
      return 0;
    },
  },
  {
    name: 'tokens unspam',
    usage: 'tokens unspam ADDRESS',
    args: 1,
    argsHint: 'an ADDRESS',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      if (!(await withStorage(config, (storage) => unmarkSpam(storage, args[0]!))))
        throw new NotFoundError(`${args[0]} is not on the spam list`);
      out(`${args[0]} is no longer marked as spam`);
      return 0;
    },
  },
  {
    name: 'tokens list',
    usage: 'tokens list [--json]',
    summary: 'indexed tokens and NFT collections, and the spam list',
    args: 0,
    flags: [...COMMON_FLAGS, 'json'],
    async run({ flags, config, out }) {
      const { tokens, spam } = await withStorage(config, async (storage) => ({
        tokens: await listTokens(storage),
        spam: await listSpam(storage),
      }));
      if (flags.json) out(JSON.stringify({ tokens, spam }, null, 2));
      else {
        tokens.forEach((t) =>
          out(`${t.chainId}\t${t.kind}\t${t.address}\t${t.symbol}\t${JSON.stringify(t.name)}${t.spam ? '\tspam' : ''}`),
        );
        spam.forEach((a) => out(`spam list\t${a}`));
      }
      return 0;
    },
  },
];
