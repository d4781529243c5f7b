/**
 * The sign-in repositories on the storage seam, as Fastify decorators (through fastify-plugin,
 * so every route plugin sees them), registered after ./repositories.ts (they read the chains it
 * serves): `app.siwx` (../storage/siwx.ts). Routes call them, never SQL or a database handle.
 */
import fp from 'fastify-plugin';
import type { Storage } from './storage/engine.js';
import { siwxRepository, type SiwxRepository } from './storage/siwx.js';

declare module 'fastify' {
  interface FastifyInstance {
    siwx: SiwxRepository;
  }
}

export interface SignInRepositoriesOptions {
  storage: Storage;
}

export const signInRepositories = fp<SignInRepositoriesOptions>(
  async (app, { storage }) => {
    app.decorate('siwx', siwxRepository(storage, app.blockchain.chains));
  },
  { name: 'w3kit-sign-in-repositories', fastify: '5.x', dependencies: ['w3kit-repositories'] },
);
