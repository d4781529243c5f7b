import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/core/**/*.test.ts',
      'src/stores/**/*.test.ts',
      'src/api/**/*.test.ts',
      'src/adapters/**/*.test.ts',
      'src/chains/**/*.test.ts',
      'src/frame/**/*.test.ts',
      'src/wire/**/*.test.ts',
      'src/siwx/**/*.test.ts',
      'src/integrations/**/*.test.ts',
      'src/wagmi/**/*.test.ts',
      'src/ethers/**/*.test.ts',
      'src/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/fixtures/**/*.test.ts',
      'test/locales/**/*.test.ts',
      'test/e2e/**/*.test.ts',
      'test/packaging/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Stopping an end-to-end harness (browser, backend, chains) can take over 10 s on a busy machine.
    hookTimeout: 60_000,
  },
});
