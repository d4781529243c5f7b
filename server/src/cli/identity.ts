/** `w3kit-server identity set|remove|list`: the names and avatars of addresses. */
import { listIdentities, removeIdentity, setIdentity } from '../blockchain/identities.js';
import { NotFoundError } from '../errors.js';
import { COMMON_FLAGS, withStorage, type Command } from './command.js';

export const identityCommands: readonly Command[] = [
  {
    name: 'identity set',
    usage: 'identity set ADDRESS NAME [AVATAR]',
    summary: 'a name another address holds is refused',
    args: [2, 3],
    argsHint: 'ADDRESS NAME [AVATAR]',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      const identity = await withStorage(config, (storage) => setIdentity(storage, args[0]!, args[1]!, args[2]));
      out(`Identity of ${identity.address}: ${JSON.stringify(identity.name)}${identity.avatar ? ` avatar ${identity.avatar}` : ''}`);
      return 0;
    },
  },
  {
    name: 'identity remove',
    usage: 'identity remove ADDRESS',
    args: 1,
    argsHint: 'an ADDRESS',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      if (!(await withStorage(config, (storage) => removeIdentity(storage, args[0]!))))
        throw new NotFoundError(`No identity for ${args[0]}`);
      out(`Removed the identity of ${args[0]}`);
      return 0;
    },
  },
  {
    name: 'identity list',
    usage: 'identity list [--json]',
    args: 0,
    flags: [...COMMON_FLAGS, 'json'],
    async run({ flags, config, out }) {
      const rows = await withStorage(config, listIdentities);
      if (flags.json) out(JSON.stringify(rows, null, 2));
      else rows.forEach((r) => out(`${r.address}\t${JSON.stringify(r.name)}${r.avatar ? `\t${r.avatar}` : ''}`));
      return 0;
    },
  },
];
