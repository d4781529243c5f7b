/**
 * The error classes (DESIGN.md, "Errors"): one base class `W3Error` with a category and an
 * optional code, and a subclass per failure, by area under ./errors/ (config, modal, rpc, wallet). Codes are static fields.
 */
export * from './errors/base.js';
export * from './errors/config.js';
export * from './errors/modal.js';
export * from './errors/rpc.js';
export * from './errors/wallet.js';
