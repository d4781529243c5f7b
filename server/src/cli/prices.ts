/** `w3kit-server prices set|remove|list`: the USD prices the Blockchain API answers with. */
import { DEV_PRICES, listPrices, removePrice, setPrice } from '../blockchain/prices.js';
import { chainOfId } from '../chains/index.js';
import { InputError, NotFoundError } from '../errors.js';
import { COMMON_FLAGS, withStorage, type Command } from './command.js';

const USD = /^\d{1,15}(\.\d{1,18})?$/;
/** The price the help shows: the local chain's native currency, as `--seed` sets it. */
const EXAMPLE = `prices set ${DEV_PRICES[0]!.chainId} native ${DEV_PRICES[0]!.usd}`;

export const pricesCommands: readonly Command[] = [
  {
    name: 'prices set',
    usage: 'prices set CHAIN TOKEN USD',
    summary: `e.g. ${EXAMPLE} (TOKEN: native, 0x address or Solana mint)`,
    args: 3,
    argsHint: 'CHAIN TOKEN USD',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      const [chain, token, usd] = args as [string, string, string];
      if (!USD.test(usd)) throw new InputError('price', `Invalid USD '${usd}': must be a number such as 3000 or 0.99`);
      const row = await withStorage(config, (storage) => setPrice(storage, chain, token, Number(usd)));
      out(`Price of ${row.token} on ${row.chainId}: ${row.usd} USD`);
      return 0;
    },
  },
  {
    name: 'prices remove',
    usage: 'prices remove CHAIN TOKEN',
    args: 2,
    argsHint: 'CHAIN TOKEN',
    flags: COMMON_FLAGS,
    async run({ args, config, out }) {
      if (!(await withStorage(config, (storage) => removePrice(storage, args[0]!, args[1]!))))
        throw new NotFoundError(`No price for ${args[1]} on ${args[0]}`);
      out(`Removed the price of ${args[1]} on ${args[0]}`);
      return 0;
    },
  },
  {
    name: 'prices list',
    usage: 'prices list [--json]',
    args: 0,
    flags: [...COMMON_FLAGS, 'json'],
    async run({ flags, config, out }) {
      const rows = await withStorage(config, listPrices);
      if (flags.json) out(JSON.stringify(rows, null, 2));
      else if (rows.length === 0) out(`No prices (set one with 'w3kit-server ${EXAMPLE}')`);
      else
        rows.forEach((r) =>
          out(`${r.chainId}\t${r.token === 'native' ? r.token : (chainOfId(r.chainId)?.address.display(r.token) ?? r.token)}\t${r.usd}`),
        );
      return 0;
    },
  },
];
