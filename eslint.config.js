import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- Dashboard boundaries (docs/decisions/011-browser-safe-server-modules.md) ----

const FEATURES = readdirSync(fileURLToPath(new globalThis.URL('./web/src/features', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What web/ may import from server/ at run time: modules that say in their name or folder that a
 * browser may load them. Type-only imports are free (they are erased). `vite build` checks the
 * whole graph as well (web/build/browser-only-guard.ts); this rule names the import at once.
 */
const BROWSER_SAFE_SERVER = [
  String.raw`\.schemas(\.ts)?$`, // zod request/response schemas
  String.raw`/shared/`, // constants and pure functions written for both sides
  String.raw`/platforms/content-rules/`, // per-platform content rules, shared by the API and the composer
  String.raw`/platforms/(registry|platform-types|platform-definition|sandbox/operations)(\.ts)?$`, // the platform registry: data and pure functions
  // Older modules with a browser-safe export, named one by one until it moves to a .schemas.ts or shared/ file.
  String.raw`/(auth/auth\.routes|api-keys/api-keys\.routes|context|events/event-types|uploads/upload-limits)(\.ts)?$`,
];

const webBoundaries = {
  files: ['web/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  rules: {
    // Features never import each other; what two of them need moves to components/, lib/ or api/.
    // Shared modules never import a feature.
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...FEATURES.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`],
            message: 'Features do not import each other: move what both need to web/src/components, web/src/lib or web/src/api.',
          })),
          {
            target: ['./web/src/components', './web/src/lib', './web/src/api'],
            from: './web/src/features',
            message: 'Shared modules do not depend on a feature.',
          },
        ],
      },
    ],
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: String.raw`(^|/)server(?=/)(?!.*(${BROWSER_SAFE_SERVER.join('|')}))`,
            allowTypeImports: true,
            message:
              'The dashboard runs in the browser: import only browser-safe server modules (*.schemas.ts, **/shared/**, platforms/content-rules/**, the platform registry) or use `import type`.',
          },
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'drizzle', 'data', 'test-results', 'playwright-report', 'web/src/lib/api-schema.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  webBoundaries,
  {
    // Server: no runtime import cycle (a job sender must never pull in its handler's graph, see
    // docs/decisions/013). Type-only imports vanish at runtime and are ignored; packages are not
    // followed, which keeps the rule to a few seconds on the whole tree.
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
