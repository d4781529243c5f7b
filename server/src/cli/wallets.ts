/** `w3kit-server wallets import|count`: the wallet registry. */
import { readWalletFile, validateWalletList } from '../wallets/import.js';
import { walletsRepository } from '../wallets/registry.js';
import { COMMON_FLAGS, withStorage, type Command } from './command.js';

export const walletsCommands: readonly Command[] = [
  {
    name: 'wallets import',
    usage: 'wallets import FILE [--replace]',
    args: 1,
    argsHint: 'a FILE',
    flags: [...COMMON_FLAGS, 'replace'],
    async run({ args, flags, config, out }) {
      const file = args[0]!;
      const wallets = validateWalletList(readWalletFile(file), file);
      const total = await withStorage(config, (storage) =>
        walletsRepository(storage).store(wallets, 'upsert', { replace: flags.replace ?? false }),
      );
      out(`Imported ${wallets.length} wallets${flags.replace ? ' (registry replaced)' : ''}; ${total} in the registry`);
      return 0;
    },
  },
  {
    name: 'wallets count',
    usage: 'wallets count',
    args: 0,
    flags: COMMON_FLAGS,
    async run({ config, out }) {
      out(String(await withStorage(config, (storage) => walletsRepository(storage).count())));
      return 0;
    },
  },
];
