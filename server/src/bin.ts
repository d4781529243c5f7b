/** Entry of the `w3kit-server` executable (bundled to dist/server/w3kit-server.js). */
import { main } from './cli/index.js';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
