import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import fs from 'node:fs';

/** The server's lower layers and what each may not import (docs/architecture.md). */
const SERVER_LAYERS = [
  {
    dir: 'repositories',
    above: ['letters', 'services', 'routes', 'plugins', 'seed', 'cli'],
  },
  {
    dir: 'db',
    above: ['repositories', 'letters', 'services', 'routes', 'plugins', 'seed', 'cli'],
  },
  {
    dir: 'lib',
    above: ['repositories', 'letters', 'services', 'routes', 'plugins', 'seed', 'cli', 'db'],
  },
  // The middle layers never reach up into the routes (issue 20): shared logic lives here and
  // the routes call it. letters/ may read the demo data in seed/ for its PDF samples.
  { dir: 'letters', above: ['routes', 'plugins', 'cli'] },
  { dir: 'services', above: ['routes', 'plugins', 'seed', 'cli'] },
  { dir: 'seed', above: ['routes', 'plugins', 'cli'] },
];

/** The server's route folders (apps/server/src/routes/<folder>). */
const ROUTE_FOLDERS = fs
  .readdirSync(new URL('./apps/server/src/routes', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Where a feature's own API code would be: it lives in src/api instead (issue 20, ADR 0021). */
const FEATURE_API_IMPORTS = {
  group: ['**/features/*/api/**', '../api/*', './api/*'],
  message:
    'Fetcher dan hook API ada di src/api (satu modul per area kontrak); tipe jawabannya dari @balai/domain/contract.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import cycles anywhere (issue 14): modules that import each other load half-initialised
  // and cannot be understood one at a time. Shared types and pure helpers go a layer down.
  // eslint-plugin-import checks the imports that exist at run time; `import type` cycles are
  // erased by TypeScript and left to the layer rules below.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The server's layers import downwards only: repositories never reach up into letters/,
  // routes/ or services/; db/ and lib/ import nothing above them. Type imports included.
  ...SERVER_LAYERS.map(({ dir, above }) => ({
    files: [`apps/server/src/${dir}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: above.flatMap((upper) => [`../${upper}/**`, `../../${upper}/**`]),
              message: `apps/server/src/${dir} hanya boleh mengimpor lapisan di bawahnya; pindahkan tipe atau fungsi bersama ke bawah.`,
            },
          ],
        },
      ],
    },
  })),
  // The API contract (ADR 0021): routes take their request and response schemas from
  // @balai/domain/contract, and a route folder imports no other route folder (shared logic
  // goes down to services/, letters/ or repositories/).
  {
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='z'][callee.property.name=/^(object|looseObject|strictObject)$/]",
          message:
            'Skema permintaan dan jawaban API ditulis sekali di kontrak (packages/domain/src/contract), bukan di routes/.',
        },
      ],
    },
  },
  // The domain's model is zod-free (issue 20): definitions, registries, roles and the policy;
  // the request schemas are built from it in packages/domain/src/schemas and the contract.
  {
    files: [
      'packages/domain/src/{users,signing,settings,settings-fields,user-fields,field-defs,fields,policy,policy-base,roles,positions,signing-setup}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                'Model domain bebas zod; skema permintaan dibangun di packages/domain/src/schemas atau kontrak.',
            },
          ],
          patterns: [
            {
              group: ['./schemas/**', './contract/**'],
              allowTypeImports: true,
              message: 'Model domain tidak mengimpor skema atau kontrak (kecuali tipe).',
            },
          ],
        },
      ],
    },
  },
  ...ROUTE_FOLDERS.map((folder) => ({
    files: [`apps/server/src/routes/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ROUTE_FOLDERS.filter((other) => other !== folder).map(
                (other) => `../${other}/**`,
              ),
              message:
                'Folder route tidak saling mengimpor; pindahkan yang dipakai bersama ke services/, letters/ atau repositories/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One web API layer (issue 20, ADR 0021): the API's shapes are the contract's types
  // (`import type … from '@balai/domain/contract'`), its fetchers and hooks live in src/api.
  // A feature declares no API shape and keeps no api/ folder of its own.
  {
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportNamedDeclaration > :matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)',
          message:
            'Bentuk jawaban API ditulis sekali di kontrak (packages/domain/src/contract); fitur tidak mendeklarasikannya.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...FEATURE_API_IMPORTS, group: ['**/features/*/api/**'] }] },
      ],
    },
  },
  // Features never import each other; the app layer composes them (CONVENTIONS.md 3). One block
  // per feature, naming the others, so relative imports ("../../profile/…") are caught too.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `**/features/${other}/**`,
                `../${other}/**`,
                `../../${other}/**`,
              ]),
              message: 'Fitur tidak boleh saling mengimpor; susun di src/app.',
            },
            FEATURE_API_IMPORTS,
          ],
        },
      ],
    },
  })),
);
