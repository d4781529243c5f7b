/**
 * The wallet registry: entries and the GET /getWallets query (paging, search, include/exclude,
 * badge and chain filters). Routes and commands use the wallets repository (`app.wallets`,
 * ../storage/wallets.ts, on SQLite or Postgres); the synchronous functions on a raw SQLite
 * handle stay for seeding and the programmatic API.
 */
export { walletsRepository, type WalletQuery } from '../storage/wallets.js';
export { queryWallets, countWallets, getWallet, writeWallets } from '../storage/wallets-sync.js';
