// Lint: typescript-eslint's recommended rules plus the layer boundaries of docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noTf = {
  group: ['@tensorflow/*'],
  message: 'TensorFlow.js belongs to src/engine and src/gpu only.',
};
const noReact = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*'],
  message: 'React and the store belong to src/ui, src/state and src/app.',
};
const layer = (name, path) => ({
  group: [`**/${path}`, `**/${path}/*`],
  message: `${name}`,
});

/** src/export/: every file the app writes (and `download`, which saves one). */
const exportPatterns = [
  layer(
    'Words for the page live in src/i18n; this layer reports codes and figures, the UI words them.',
    'i18n',
  ),
  noTf,
  noReact,
  layer('Exporters are pure: the app hands them weights and batches; they never run the engine.', 'engine'),
  layer('Exporters are pure: no GPU programs.', 'gpu'),
  layer('Exporters are pure: no UI.', 'ui'),
  layer('Exporters are pure: no store (they receive a config).', 'state'),
  layer('Exporters are pure: no app wiring.', 'app'),
];

/** src/config/: the shared vocabulary, which imports no other layer. */
const configPatterns = [
  noTf,
  noReact,
  layer('config is the shared vocabulary: it imports no layer.', 'engine'),
  layer('config is the shared vocabulary: it imports no layer.', 'data'),
  layer('config is the shared vocabulary: it imports no layer.', 'ui'),
  layer('config is the shared vocabulary: it imports no layer.', 'state'),
  layer('config is the shared vocabulary: it imports no layer.', 'app'),
  layer('config is the shared vocabulary: it imports no layer.', 'gpu'),
  layer('config is the shared vocabulary: it imports no layer.', 'charts'),
  layer('config is the shared vocabulary: it imports no layer.', 'export'),
  layer('config is the shared vocabulary: it imports no layer.', 'bench'),
];

/** One entry per layer: what it may not import, and why, in words. */
const boundaries = [
  {
    files: ['src/engine/**/*.ts'],
    patterns: [
      layer(
        'Words for the page live in src/i18n; this layer reports codes and figures, the UI words them.',
        'i18n',
      ),
      noReact,
      layer('The engine runs in a Worker or in Node: it must not reach the UI.', 'ui'),
      layer('The engine must not read the store; it receives a config.', 'state'),
      layer('The engine must not know the app wiring.', 'app'),
      layer('The engine must not know the charts.', 'charts'),
      layer('The engine does not write files: src/export does, from what the app hands it.', 'export'),
    ],
  },
  {
    files: ['src/gpu/**/*.ts'],
    patterns: [
      layer(
        'Words for the page live in src/i18n; this layer reports codes and figures, the UI words them.',
        'i18n',
      ),
      noReact,
      layer('GPU programs are leaves: no UI.', 'ui'),
      layer('GPU programs are leaves: no store.', 'state'),
      layer('GPU programs are leaves: no engine.', 'engine'),
      layer('GPU programs are leaves: no app.', 'app'),
      layer('GPU programs are leaves: no data.', 'data'),
      layer('GPU programs are leaves: no config (their geometry is their own).', 'config'),
      layer('GPU programs are leaves: no charts.', 'charts'),
      layer('GPU programs are leaves: no exporters.', 'export'),
    ],
  },
  {
    files: ['src/data/**/*.ts'],
    patterns: [
      layer(
        'Words for the page live in src/i18n; this layer reports codes and figures, the UI words them.',
        'i18n',
      ),
      noTf,
      noReact,
      layer('The data loader knows nothing of the engine (tfjs).', 'engine'),
      layer('The data loader knows nothing of GPU programs.', 'gpu'),
      layer('The data loader knows nothing of the UI.', 'ui'),
      layer('The data loader knows nothing of the store.', 'state'),
      layer('The data loader knows nothing of the app.', 'app'),
      layer('The data loader knows nothing of the charts.', 'charts'),
      layer('The data loader writes no files: src/export does.', 'export'),
    ],
  },
  {
    files: ['src/config/**/*.ts'],
    ignores: ['src/config/**/*.test.ts'],
    patterns: [
      ...configPatterns,
      layer(
        'config is the shared vocabulary: it reports codes, the dictionaries in src/i18n word them.',
        'i18n',
      ),
    ],
  },
  {
    // A config test may walk its codes through the dictionaries, to prove each one is worded.
    files: ['src/config/**/*.test.ts'],
    patterns: configPatterns,
  },
  {
    files: ['src/export/**/*.ts'],
    ignores: ['src/export/chartPng.ts'],
    patterns: [...exportPatterns, layer('Exporters are pure: no charts.', 'charts')],
  },
  {
    // A chart's PNG is drawn from the chart on the page: the one exporter that reads src/charts.
    files: ['src/export/chartPng.ts'],
    patterns: exportPatterns,
  },
  {
    files: ['src/state/**/*.ts'],
    patterns: [
      noTf,
      layer('The store holds state; it does not run the engine (src/app wires them).', 'engine'),
      layer('The store must not import components.', 'ui'),
      layer(
        'The store does not know the wiring: src/app attaches controllers to it at boot, the store never imports src/app.',
        'app',
      ),
      layer('The store does not build batches.', 'data'),
      layer('The store does not run GPU programs.', 'gpu'),
      layer('The store does not know the charts; charts read the store.', 'charts'),
      layer('The store writes no files: the UI hands a result to src/export.', 'export'),
      layer(
        'The store holds codes and figures; the UI words them from src/i18n (the store keeps only the language).',
        'i18n',
      ),
    ],
  },
  {
    files: ['src/i18n/**/*.ts'],
    patterns: [
      noTf,
      noReact,
      layer('The dictionaries are words: they import no engine.', 'engine'),
      layer('The dictionaries are words: they import no GPU program.', 'gpu'),
      layer('The dictionaries are words: they import no data code.', 'data'),
      layer('The dictionaries are words: the UI reads them, not the other way round.', 'ui'),
      layer(
        'The dictionaries are words: the store holds the language, the dictionaries do not read it.',
        'state',
      ),
      layer('The dictionaries are words: they import no wiring.', 'app'),
      layer('The dictionaries are words: charts read them, not the other way round.', 'charts'),
      layer('The dictionaries are words: they import no exporter.', 'export'),
    ],
  },
  {
    files: ['src/charts/**/*.{ts,tsx}'],
    patterns: [
      noTf,
      layer('Charts draw telemetry; they do not run the engine.', 'engine'),
      layer('Charts draw telemetry; they never touch GPU programs.', 'gpu'),
      layer('Charts draw telemetry; they do not build batches.', 'data'),
      layer('Charts are drawn by the UI, never the other way round.', 'ui'),
      layer('Charts do not know the wiring in src/app.', 'app'),
      layer('Charts write no files: src/export reads a chart for its PNG.', 'export'),
    ],
  },
  {
    files: ['src/bench/**/*.ts'],
    patterns: [
      noReact,
      layer('The bench times the layers directly (engine, data, charts); it never mounts the UI.', 'ui'),
      layer(
        'The bench does not read the store; every case builds its config (src/bench/benchPlan.ts).',
        'state',
      ),
      {
        regex: 'app/(?!parallel/|runs/)',
        message:
          'The bench runs the several-GPU coordinator (app/parallel) and arms (app/runs) only, never the rest of the wiring.',
      },
    ],
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    patterns: [
      noTf,
      layer('The UI reads state and calls actions; it never touches the engine.', 'engine'),
      layer('The UI never touches GPU programs.', 'gpu'),
      layer(
        'The UI reads state and calls store actions; it never reaches the wiring in src/app (add an action to the store).',
        'app',
      ),
      {
        regex: 'data/loader',
        message:
          'The UI does not build batches; loader workers do (host-memory formulas live in src/config).',
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-e2e', 'node_modules', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // Exporters write what they are handed: data's types (a HostBatch), never its code.
    files: ['src/export/**/*.ts'],
    ignores: ['src/export/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data', '**/data/*'],
              allowTypeImports: true,
              message: 'Exporters take data types only; the app hands them the batches data builds.',
            },
          ],
        },
      ],
    },
  },
);
