#!/usr/bin/env node
/**
 * Compiles the demo contracts of test/chain/contracts/*.sol with the pinned `solc` package and
 * writes one artifact per contract, test/chain/contracts/artifacts/<Name>.json
 * (`{ contractName, sourceName, compiler, abi, bytecode }`). The artifacts are committed, so this
 * runs only when a contract changes:
 *
 *   node scripts/compile-contracts.mjs
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS = path.join(ROOT, 'test/chain/contracts');
const ARTIFACTS = path.join(CONTRACTS, 'artifacts');

const files = readdirSync(CONTRACTS)
  .filter((f) => f.endsWith('.sol'))
  .sort();
const input = {
  language: 'Solidity',
  sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(path.join(CONTRACTS, f), 'utf8') }])),
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    // No metadata hash: the bytecode (and so the deployed addresses' code) does not change with comments.
    metadata: { bytecodeHash: 'none' },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
for (const e of output.errors ?? []) console.error(e.formattedMessage);
if (errors.length) process.exit(1);

mkdirSync(ARTIFACTS, { recursive: true });
for (const [sourceName, contracts] of Object.entries(output.contracts)) {
  for (const [contractName, { abi, evm }] of Object.entries(contracts)) {
    if (!evm.bytecode.object) continue; // interfaces
    const artifact = { contractName, sourceName, compiler: `solc ${solc.version()}`, abi, bytecode: `0x${evm.bytecode.object}` };
    writeFileSync(path.join(ARTIFACTS, `${contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`compiled ${contractName} (${evm.bytecode.object.length / 2} bytes)`);
  }
}
