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
  String.raw`/platforms/(registry|platform-types|platform-definition|sandbox-connector/operations)(\.ts)?$`, // the platform registry: data and pure functions
  // Older modules with a browser-safe export, named one by one until it moves to a .schemas.ts or shared/ file.
  String.raw`/(auth/auth\.routes|api-keys/api-keys\.routes|context|events/event-types|uploads/upload-limits)(\.ts)?$`,
];

const webBoundaries = {
  files: ['web/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    // tsconfig.json's paths resolve `@/…` and `@server/…`, so the zones below and no-cycle see through them.
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` } })],
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
            // `@server/…` (the alias) or a relative path through server/.
            regex: String.raw`(^@|(^|/))server(?=/)(?!.*(${BROWSER_SAFE_SERVER.join('|')}))`,
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

// ---- Server promises ----

/**
 * A rejected promise nobody handles stops the server (server/process-faults.ts), so on the server
 * every promise is awaited, returned, given a `.catch` that logs, or marked `void` when it handles
 * its own rejection; and no async function goes where a caller ignores what it returns (an
 * `http.createServer(async …)`, an event listener). Both rules need types: they get a program of
 * server/ alone (tsconfig.eslint.json), tests included (an un-awaited `expect(…).rejects` passes).
 *
 * Left out, for cost: the route handlers and app.ts. Typing them resolves every route's request
 * and response types: 80 CPU-seconds more for them all (`npm run typecheck` pays it). With them
 * out, the two rules take `npm run lint` from about 30 s to about 70 s on two cores (3 GB).
 * Handlers are thin and Hono awaits them; they had no finding when last checked with types.
 * Of no-misused-promises only the checks worth their cost here run: arguments and conditions
 * (`if (isAllowed())` without `await`).
 */
const serverPromises = {
  files: ['server/**/*.ts'],
  ignores: ['server/**/*.handlers.ts', 'server/app.ts'],
  languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/no-misused-promises': [
      'error',
      {
        checksSpreads: false,
        checksVoidReturn: { arguments: true, attributes: false, inheritedMethods: false, properties: false, returns: false, variables: false },
      },
    ],
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
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // React Compiler's checks that a render stays pure: no ref read or written while rendering
      // (a "latest value" ref is set in an effect, or the value read through useEffectEvent), and
      // no module-level variable changed while rendering.
      'react-hooks/refs': 'error',
      'react-hooks/globals': 'error',
    },
  },
  webBoundaries,
  serverPromises,
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
  {
    // Routes are registered one statement each (`router.openapi(route, handler);`), never as a
    // chain: each link of a chain returns a router typed with every route so far, and tsc derived
    // that growing type again at every link (22 million instantiations, 6 GB; decision 077).
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='openapi'] > MemberExpression.callee > CallExpression.object[callee.property.name='openapi']",
          message:
            'Register each route with its own `router.openapi(route, handler);` statement: a chain of .openapi() costs tsc its whole route type at every link (decision 077).',
        },
      ],
    },
  },
);
