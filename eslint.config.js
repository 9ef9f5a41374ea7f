import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (docs/architecture.md):
 *   lib | config | components | hooks | api  ->  features  ->  app  ->  main.tsx
 * Components may use hooks; a hook module renders nothing, so it imports no component.
 * A feature never imports another feature; only main.tsx and tests import the sandbox.
 */
const features = ['auth', 'products', 'credit-application', 'analysis-status', 'cards', 'accounts'];

const boundaryZones = [
  // Lower layers never reach up.
  ...['lib', 'config', 'components', 'hooks', 'api'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: `src/${layer} sits below features and app.`,
  })),
  {
    target: './src/lib',
    from: ['./src/api', './src/components', './src/hooks', './src/config'],
    message: 'src/lib is pure helpers.',
  },
  { target: './src/api', from: ['./src/components', './src/hooks'], message: 'src/api is headless: no UI.' },
  {
    target: './src/hooks',
    from: ['./src/components'],
    message: 'src/hooks holds hooks and helpers; components use them, not the other way.',
  },
  { target: './src/features', from: './src/app', message: 'Features do not import the app layer.' },
  // The sandbox stands for the provider: it knows the interface (src/api/schemas), never the screens.
  {
    target: './src/sandbox',
    from: ['./src/features', './src/app'],
    message:
      'The sandbox plays the provider: it may use src/api schemas and src/lib, never screens or the app.',
  },
  // Features are independent of each other.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move shared code to components, hooks, api or lib.',
  })),
  // The sandbox is reachable only from main.tsx (dynamic import) and tests.
  ...['app', 'api', 'components', 'hooks', 'config', 'features', 'lib'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/sandbox',
    message: 'Only src/main.tsx and tests import the sandbox.',
  })),
  { target: './src', from: ['./e2e'], message: 'Nothing in src imports end-to-end tests.' },
];

/** Playwright's questions answered at one instant, without waiting (the web-first assertions wait). */
const instantReads = ['isVisible', 'isHidden', 'isEnabled', 'isDisabled', 'isEditable', 'isChecked'];

/** What only tests may import: the test helpers, the test runner and Testing Library. */
const testOnlyImports = [
  { group: ['@/test/*', '**/test/*'], message: 'Test helpers are for tests only.' },
  { group: ['vitest', '@testing-library/*', '@playwright/*'], message: 'Test tooling is for tests only.' },
];

/** src/api is headless (docs/architecture.md): no React, no UI kit, no router; React bindings live in src/hooks. */
const headlessApiImports = [
  {
    group: ['react', 'react-dom', 'react-dom/*', 'react-router'],
    message: 'src/api is headless: hooks go in src/hooks.',
  },
  { group: ['@mui/*', '@emotion/*'], message: 'src/api is headless: no UI.' },
  {
    group: ['@tanstack/react-query'],
    importNamePattern: '^(use|QueryClientProvider)',
    message:
      'src/api defines query options and requests; the hooks that run them live in src/hooks and features.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      '.visual-report',
      '.test-reports',
      '.vitest-profiles',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without it import-x reads only .js dependencies, and no-cycle never saw a circle of our .ts files.
      'import-x/extensions': ['.ts', '.tsx'],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // MUI's TextField autoFocus is the right call on single-purpose screens (sign-in, re-auth).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'API text is rendered as text only.',
        },
        {
          selector: "MemberExpression[object.name='localStorage']",
          message: 'No Web Storage: personal data stays in memory.',
        },
        {
          selector: "MemberExpression[object.name='sessionStorage']",
          message: 'No Web Storage: personal data stays in memory.',
        },
        {
          selector: "MemberExpression[property.name='cookie'][object.name='document']",
          message: 'No cookies.',
        },
        // One name per texts hook: `useTranslation` is the shared one (src/hooks/use-translation.ts); a
        // table's bound hook is named after its table, so that an import says which texts it reads.
        {
          selector: "ImportSpecifier[local.name='useTranslation'][imported.name!='useTranslation']",
          message: 'Import a texts hook under its own name, not as useTranslation.',
        },
        {
          selector: "VariableDeclarator[init.callee.name='bindTexts'][id.name!=/^use[A-Z]\\w*Translation$/]",
          message: 'Name a bound texts hook after its table: use<Table>Translation.',
        },
      ],
      'no-restricted-globals': ['error', 'localStorage', 'sessionStorage', 'indexedDB'],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/consistent-type-assertions': [
        'error',
        { assertionStyle: 'as', objectLiteralTypeAssertions: 'never' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // A screen is a hook that returns its derived state plus small components that draw it
    // (docs/architecture.md, Screens). These two ceilings keep it so; they count code, not blank lines
    // or comments, so the why-comments this house asks for never push code out.
    // - 120 lines a function: one region of a screen with MUI's props, or one hook's state and handlers,
    //   fits in it; the screens split into hooks and views are at most about 100 (their hooks), their
    //   views under 70. A function past it is doing a second job that wants a name of its own.
    // - 300 lines a file: a module read in one sitting; past it, a file holds two subjects (a table and
    //   its styles, a client and its body reading).
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      // Tests read as a list of cases, and test data is data: their length is their coverage.
      '**/*.test.{ts,tsx}',
      'src/test/**',
      // Text tables are data: one entry a string, in two languages; their length is the screen's wording.
      'src/features/*/texts.ts',
      'src/**/*-texts.ts',
      'src/app/i18n/pt-br.ts',
      'src/app/i18n/en.ts',
      // The sandbox's seed data is code-sized (a generator, not a table): it meets the limits, no exemption.
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  // Three closures past the ceilings, each capped at its size today so that it can only shrink. Each is
  // one running thing whose inner functions share its mutable state; the rule counts those inner
  // functions as the outer one's lines. Splitting them would move the state into an object that every
  // part reads and writes: more indirection in the code that most needs to be read as one.
  {
    // The batch queue (decision 015): slots, pause, concurrency cuts and raises are one scheduler; its
    // property tests drive it as one.
    files: ['src/lib/task-queue.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 254, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 332, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The OpenID Connect sign-in (decision 008): which ID token was taken, whether a sign-in is under way
    // and whether tokens are still accepted after a sign-out are read by every callback of the library.
    // 185 since a cold start at a signed-in screen leaves for the provider at once (decision 021).
    files: ['src/api/oidc/oidc-auth.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 185, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The accounts body's streaming parser (decision 012): a loop per character over local variables,
    // kept local because it runs over tens of megabytes.
    files: ['src/api/accounts/accounts-stream.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 144, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Test-only code has one home, src/test/ (with the tests themselves): it may use the test tooling.
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**', 'src/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: testOnlyImports }] },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...testOnlyImports, ...headlessApiImports] }] },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // The query-options factories take the app's HTTP client as their first argument (src/api/services.ts):
      // it is how the data is fetched, not which data, so it stays out of the key (one client per app).
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { types: ['HttpClient'] } }],
    },
  },
  {
    // File and folder names are kebab-case (STYLE.md, "Names"), the part before the first dot of a name
    // (`accounts.worker.ts`, `gateway-hostile.nginx.ts`). eslint-plugin-check-file sees the files ESLint
    // lints and their folders; the pictures' names are made by their tests (`<state>-<width>-<theme>`).
    files: ['{src,e2e,scripts,bench}/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,e2e,scripts,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', 'bench/**', 'src/test/**', 'src/sandbox/**'],
    rules: {
      'no-restricted-globals': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Vitest's workers keep their modules from file to file (vite.config.ts, projects `unit` and `page`):
    // a file that replaces a module runs in `isolated`, which loads the app afresh for each file.
    files: ['{src,scripts}/**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'A test that replaces a module needs the app loaded afresh: name the file *.isolated.test.ts(x) (vite.config.ts, project isolated).',
        })),
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures: `use` is not a React hook, `{}` and `void` are its conventions, and the
    // privacy sweep reads document.cookie to prove it is empty.
    files: ['e2e/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['e2e/**'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...Object.fromEntries(
        Object.keys(playwright.configs['flat/recommended'].rules)
          .filter((rule) => rule.startsWith('playwright/'))
          .map((rule) => [rule, 'error']),
      ),
      'playwright/no-conditional-in-test': 'error',
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-networkidle': 'error',
      'playwright/prefer-web-first-assertions': 'error',
      'playwright/no-force-option': 'error',
      'playwright/missing-playwright-await': 'error',
      'playwright/no-useless-await': 'error',
      'playwright/no-standalone-expect': 'error',
      // What the plugin leaves to a helper's code: a question put to the page at one instant, whose answer
      // depends on how far the page has got (docs/testing.md, "Wait for a state").
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${instantReads.join('|')})$/]`,
          message:
            'Reads the page at an instant: wait for the state instead (expect(locator).toBeVisible(), toBeHidden(), toBeEnabled()…), or decide by what the test set itself (its viewport: e2e/support/navigation.ts).',
        },
        {
          selector:
            ':matches(IfStatement, ConditionalExpression, WhileStatement, DoWhileStatement, ForStatement) > .test CallExpression[callee.property.name="count"]',
          message:
            'A branch on how many elements there are now: wait for the count that decides it (expect(locator).toHaveCount(n)), or write two tests.',
        },
      ],
    },
  },
  {
    // The second nginx's start-up wait rethrows a failed poll with nginx's own stderr: the expect always
    // runs, the catch only words its failure.
    files: ['e2e/nginx/nginx-helpers.ts'],
    rules: { 'playwright/no-conditional-expect': 'off' },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
