// ESLint flat config for the webapp (`npm run lint`, run by scripts/test.sh with --max-warnings 0).
// TypeScript files are linted with type information (typescript-eslint recommendedTypeChecked,
// using the project's tsconfig.json); React hooks and accessibility rules apply to all sources.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Build output, test reports and generated code (types generated from the OpenAPI schema).
    ignores: ['dist/', 'coverage/', 'playwright-report/', 'test-results/', 'src/**/*.gen.ts', 'src/types/generated/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
      parserOptions: {
        projectService: {
          // JavaScript files are outside tsconfig.json (no allowJs): the default project types them.
          allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The TypeScript convention tsc's noUnusedParameters also follows: a leading underscore marks a
      // parameter or binding kept on purpose (a mock's signature, a property left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // React Router loaders throw Responses (a 404, a redirect) for the router's error boundary.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    // Node-side code: the build and test configs, the e2e specs and the screenshot script.
    files: ['*.config.{js,ts}', 'e2e/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
