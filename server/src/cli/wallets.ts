/** `w3kit-server wallets import|count`: the wallet registry. */
import { importWallets } from '../wallets/import.js';
import { countWallets } from '../wallets/registry.js';
import { COMMON_FLAGS, withDb, type Command } from './command.js';

export const walletsCommands: readonly Command[] = [
  {
    name: 'wallets import',
    usage: 'wallets import FILE [--replace]',
    args: 1,
    argsHint: 'a FILE',
    flags: [...COMMON_FLAGS, 'replace'],
    run({ args, flags, config, out }) {
      const result = withDb(config, (db) => importWallets(db, args[0]!, { replace: flags.replace ?? false }));
      out(`Imported ${result.imported} wallets${flags.replace ? ' (registry replaced)' : ''}; ${result.total} in the registry`);
      return 0;
    },
  },
  {
    name: 'wallets count',
    usage: 'wallets count',
    args: 0,
    flags: COMMON_FLAGS,
    run({ config, out }) {
      out(String(withDb(config, countWallets)));
      return 0;
    },
  },
];
