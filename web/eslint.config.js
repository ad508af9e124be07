import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import radixUnused from './radix-unused.json' with { type: 'json' };

// Feature areas: every folder under src/features (a new area is covered the moment it
// exists). A feature never imports another feature; shared code (components, lib, api) never
// imports features or the app; features never import the app.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature must not import another feature; move shared code to components or lib.',
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'src/api/gen', 'e2e/screenshots'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './src/features',
              from: './src/app',
              message: 'Features must not import the app layer.',
            },
            {
              target: ['./src/components', './src/lib', './src/api'],
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import features or the app layer.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/api/mutator.ts calls fetch.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          name: '@radix-ui/react-icons',
          message:
            'Its one module puts every icon in a chunk shared by all pages: import the icon from @/components/icons/<name> (add it there when missing).',
        },
        {
          name: '@radix-ui/themes',
          importNames: radixUnused.components,
          message:
            'The build leaves out the styles of this component: take it off radix-unused.json first.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='window'][callee.property.name='fetch']",
          message: 'Only src/api/mutator.ts calls fetch.',
        },
        {
          selector: `Property > Identifier.key[name=/^(${Object.keys(radixUnused.breakpoints).join('|')})$/]`,
          message:
            'The build leaves out the styles of this breakpoint: take it off radix-unused.json first.',
        },
      ],
    },
  },
  {
    files: ['src/api/mutator.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['*.config.ts', 'vite.config.ts', 'vitest.config.ts', 'orval.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
