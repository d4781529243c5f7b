import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';
import { layerConfigs } from './scripts/lib/layers.mjs';
import { chainLiteralConfigs } from './scripts/lib/chain-literals.mjs';
import { storageZone } from './scripts/lib/storage-zone.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '**/dist/',
      'node_modules/',
      'coverage/',
      '.cache/',
      'test/.bundled/',
      // The consumer fixture apps: each is type-checked by the consumer suite in its own install.
      'test/consumers/{vite-react-wagmi,next-app,vue,plain,budgets}/',
      'custom-elements.json',
      'src/locales/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  lit.configs['flat/recommended'],
  wc.configs['flat/recommended'],
  {
    plugins: { 'lit-a11y': litA11y },
    rules: { ...litA11y.configs.recommended.rules },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|describe|test)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  ...layerConfigs(),
  ...chainLiteralConfigs(),
  ...storageZone,
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
);
