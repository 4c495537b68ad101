// Dependencies in src/web point down (issue 14): app → pages → features → components → lib and
// i18n. A lower layer never imports a higher one, so a component can be used without the app shell.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = dirname(fileURLToPath(import.meta.url));
const LAYERS = ['app', 'pages', 'features', 'components', 'lib', 'i18n'] as const;
/** What each layer must not import. */
const FORBIDDEN: Record<(typeof LAYERS)[number], readonly string[]> = {
  app: [],
  pages: ['app'],
  features: ['app', 'pages'],
  components: ['app', 'pages', 'features'],
  lib: ['app', 'pages', 'features', 'components'],
  i18n: ['app', 'pages', 'features', 'components'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importedLayers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => {
    const target = relative(WEB, resolve(dirname(file), match[1]!));
    return target.split('/')[0] ?? '';
  });
}

describe('src/web layering', () => {
  it.each(LAYERS.filter((layer) => FORBIDDEN[layer].length > 0))('%s imports no higher layer', (layer) => {
    const violations = sourceFiles(join(WEB, layer)).flatMap((file) =>
      importedLayers(file)
        .filter((target) => FORBIDDEN[layer].includes(target))
        .map((target) => `${relative(WEB, file)} → ${target}/`),
    );
    expect(violations).toEqual([]);
  });

  it('imports no local module under a package name (no aliases)', () => {
    const config = readFileSync(join(WEB, '../../vite.config.ts'), 'utf8') + readFileSync(join(WEB, '../../tsconfig.json'), 'utf8');
    expect(config).not.toMatch(/alias|"paths"/);
  });
});
