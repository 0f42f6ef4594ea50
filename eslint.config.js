import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Import zones between server features (issue 26 §2), from feature-layers.json: a feature imports
 * a lower one only through its index.ts, and a higher one not at all (the list is the allowed
 * direction; scripts/feature-imports.ts rewrites imports to go through index.ts). A feature folder
 * missing from the list fails the lint run, so a new feature has to be given its place.
 */
function featureZones() {
  const layers = JSON.parse(readFileSync(path.join(root, 'feature-layers.json'), 'utf8'));
  const dir = path.join(root, 'src/server/features');
  const onDisk = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
  const unplaced = onDisk.filter((name) => !layers.server.includes(name));
  if (unplaced.length)
    throw new Error(`feature-layers.json: give ${unplaced.join(', ')} a place in "server" (lowest first)`);
  const order = layers.server.filter((name) => onDisk.includes(name));
  const upward = layers.allowedUpward.filter((u) => onDisk.includes(u.from) && existsSync(path.join(dir, u.to)));
  const zones = [];
  order.forEach((feature, i) => {
    order.forEach((other, j) => {
      if (j === i) return;
      const target = path.join(dir, feature);
      const from = path.join(dir, other);
      if (j < i) {
        zones.push({
          target,
          from,
          except: ['./index.ts'],
          message: `Import the ${other} feature through ${other}/index.ts (npx tsx scripts/feature-imports.ts does it).`,
        });
      } else {
        const except = upward
          .filter((u) => u.from === feature && u.to.startsWith(`${other}/`))
          .map((u) => `./${u.to.slice(other.length + 1)}`);
        zones.push({
          target,
          from,
          except,
          message: `${feature} is below ${other} in feature-layers.json: a feature may import only the features below it. Move the shared part down, or hand the function in from features/index.ts.`,
        });
      }
    });
  });
  return zones;
}

/**
 * Import zones of the client (issue 41 §1), from client-layers.json: a folder of src/client/ imports
 * only the folders below it in "client" (app shell above pages, pages above the shared components,
 * hooks, forms, the engine, the session, the API client, theme, i18n and reference data), and a
 * page folder imports another only through its index.ts. allowedUpward and pageInternals there name
 * the exceptions. A folder of src/client/ missing from the list fails the lint run.
 */
function clientZones() {
  const layers = JSON.parse(readFileSync(path.join(root, 'client-layers.json'), 'utf8'));
  const dir = path.join(root, 'src/client');
  const isDir = (p) => statSync(p).isDirectory();
  const onDisk = readdirSync(dir).filter((name) => isDir(path.join(dir, name)));
  const unplaced = onDisk.filter((name) => !layers.client.includes(name));
  if (unplaced.length)
    throw new Error(`client-layers.json: give ${unplaced.join(', ')} a place in "client" (lowest first)`);
  const order = layers.client.filter((name) => onDisk.includes(name));
  const zones = [];
  order.forEach((lower, i) => {
    order.slice(i + 1).forEach((higher) => {
      const except = layers.allowedUpward
        .filter((u) => u.from === lower && u.to.startsWith(`${higher}/`) && existsSync(path.join(dir, u.to)))
        .map((u) => `./${u.to.slice(higher.length + 1)}`);
      zones.push({
        target: path.join(dir, lower),
        from: path.join(dir, higher),
        except,
        message: `${lower} is below ${higher} in client-layers.json: a client folder may import only the folders below it. Move the shared part down (components/, hooks/, api/).`,
      });
    });
  });
  const pagesDir = path.join(dir, 'pages');
  const pages = readdirSync(pagesDir).filter((name) => isDir(path.join(pagesDir, name)));
  for (const page of pages) {
    for (const other of pages) {
      if (other === page) continue;
      const named = layers.pageInternals
        .filter((u) => u.from === page && u.to.startsWith(`${other}/`) && existsSync(path.join(pagesDir, u.to)))
        .map((u) => `./${u.to.slice(other.length + 1)}`);
      zones.push({
        target: path.join(pagesDir, page),
        from: path.join(pagesDir, other),
        except: ['./index.ts', ...named],
        message: `Import the ${other} page folder through ${other}/index.ts (npx tsx scripts/feature-imports.ts does it), or move the shared part down into components/.`,
      });
    }
  }
  return zones;
}

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'src/shared/generated/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The portal must not write to the console (spec 000 §8): failures are shown or swallowed,
      // except the one failure the spec says is only logged (the availability-chart PDF), which
      // uses console.error. Options are given in full because flat config would otherwise keep
      // the allow list above (with 'log') and only change the severity.
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // No file-level import cycles (issue 26 §2): a cycle means two modules are one concept split
    // in two, or one reaches into the other's meaning; break it by moving the shared part down.
    // Type-only imports count too: they tie the two files' meanings together all the same.
    files: ['src/**/*.{ts,tsx}', 'codegen/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones(), ...clientZones()] }],
    },
  },
  {
    // Issue 41 §2: a reader holds a function in one screen and a file in a few. Split along the
    // work's own seams (a page into its sections, a server function into its steps, a file into
    // modules of one job each), never at the line. Migrations are history, written once.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/migrations/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // Imports point one way: client → shared ← server.
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
);
