import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// The web app's layers (bulletproof-react): shared code (lib/, components/) flows into features, features into
// the app shell (app/). A feature never imports another one: what two need is shared code.
const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');
const webLayer = (file) => {
  const [top, name] = path.relative(webSrc, file).split(path.sep);
  if (top === '..' || name === undefined) return null;
  return top === 'features' ? `features/${name}` : top;
};
const webLayers = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: '{{from}} must not import {{to}}: move what both need to lib/ or components/.',
      upward: '{{from}} must not import {{to}}: shared code flows into features, features into app/.',
    },
  },
  create(context) {
    const from = webLayer(context.filename);
    if (!from || from === 'app' || from === 'test') return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = webLayer(path.resolve(path.dirname(context.filename), spec));
      if (!to || to === from) return;
      const toFeature = to.startsWith('features/');
      if (from.startsWith('features/') && toFeature)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
      else if (to === 'app' || (toFeature && (from === 'lib' || from === 'components')))
        context.report({ node, messageId: 'upward', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { layers: webLayers } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'web/layers': 'error',
    },
  },
);
