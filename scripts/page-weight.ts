// What a first visit to each prerendered page downloads, computed from the production build alone
// (dist/client): the page's HTML, the scripts and stylesheets it names, and every chunk those
// scripts import statically. Lazy chunks (import()) are not counted: a route that needs one loads it
// after the first paint. Used by the JS budget test and by `npm run bench`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { LOCALES, LOCALIZED_PAGE_PATHS, isLocale, localePath } from '../src/shared/locales.ts';

/**
 * First-load JavaScript of a public page, gzip, in bytes (kB as Vite prints them): DESIGN §9 set
 * 100 kB; issue 15 lowered it to 75 kB once public pages hydrate only their islands (decision 097).
 */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 75_000;

/** The pages anyone can open without an account, in every language; they carry the JS budget. */
export const PUBLIC_PAGE_PATHS: readonly string[] = LOCALES.flatMap((locale) =>
  LOCALIZED_PAGE_PATHS.map((path) => localePath(locale, path)),
);

export interface AssetWeight {
  /** Path as the page requests it, e.g. /assets/index-abc.js */
  url: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface PageWeight {
  path: string;
  html: AssetWeight;
  scripts: AssetWeight[];
  stylesheets: AssetWeight[];
  totals: {
    jsGzipBytes: number;
    cssGzipBytes: number;
    htmlGzipBytes: number;
    /** Everything a first visit downloads, gzip. */
    firstLoadGzipBytes: number;
    /** A repeat visit: hashed assets are cached as immutable, only the HTML is fetched again. */
    repeatVisitGzipBytes: number;
    jsRawBytes: number;
  };
}

// gzip at zlib's default level, which is what @fastify/compress sends.
function weigh(url: string, content: Buffer): AssetWeight {
  return {
    url,
    rawBytes: content.length,
    gzipBytes: gzipSync(content).length,
    brotliBytes: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The prerendered page file for a path, as scripts/prerender.ts names it. */
export function pageFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replace(/\/$/, '').replace(/\//g, '_')}.html`;
}

/** Same-origin script and stylesheet URLs an HTML page loads before it is interactive. */
export function htmlAssetUrls(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`).exec(tag)?.[1];
    if (tag.startsWith('<script')) {
      const src = attribute('src');
      if (src && attribute('type') === 'module') scripts.push(src);
      continue;
    }
    const rel = attribute('rel');
    const href = attribute('href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(href);
    else if (rel === 'stylesheet') stylesheets.push(href);
  }
  return { scripts, stylesheets };
}

/** Relative chunks a built ES module imports statically (`import{a}from"./x.js"`), not `import()`. */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

function resolveAssetUrl(fromUrl: string, specifier: string): string {
  return new URL(specifier, `http://build${fromUrl}`).pathname;
}

/** Weighs one prerendered page of a client build directory (dist/client). */
export function measurePage(clientDir: string, path: string): PageWeight {
  const htmlFile = join(clientDir, 'pages', pageFileName(path));
  const htmlBytes = readFileSync(htmlFile);
  const { scripts: entryScripts, stylesheets: stylesheetUrls } = htmlAssetUrls(htmlBytes.toString('utf8'));
  const readAsset = (url: string) => {
    const file = join(clientDir, url);
    if (!existsSync(file)) throw new Error(`${path} loads ${url}, which is not in ${clientDir}`);
    return readFileSync(file);
  };

  const seen = new Set<string>();
  const scripts: AssetWeight[] = [];
  const queue = [...entryScripts];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const content = readAsset(url);
    scripts.push(weigh(url, content));
    for (const specifier of staticImports(content.toString('utf8'))) queue.push(resolveAssetUrl(url, specifier));
  }
  const stylesheets = [...new Set(stylesheetUrls)].map((url) => weigh(url, readAsset(url)));
  const html = weigh(path, htmlBytes);
  const sum = (assets: AssetWeight[], key: 'gzipBytes' | 'rawBytes') => assets.reduce((total, asset) => total + asset[key], 0);
  const jsGzipBytes = sum(scripts, 'gzipBytes');
  const cssGzipBytes = sum(stylesheets, 'gzipBytes');
  return {
    path,
    html,
    scripts,
    stylesheets,
    totals: {
      jsGzipBytes,
      cssGzipBytes,
      htmlGzipBytes: html.gzipBytes,
      firstLoadGzipBytes: jsGzipBytes + cssGzipBytes + html.gzipBytes,
      repeatVisitGzipBytes: html.gzipBytes,
      jsRawBytes: sum(scripts, 'rawBytes'),
    },
  };
}

/**
 * Source modules (paths relative to the repository) bundled into each client chunk, keyed by the
 * chunk's URL, from dist/chunk-modules.json (written by vite.config.ts); null for an older build.
 */
export function chunkModules(clientDir: string): Map<string, string[]> | null {
  const file = join(clientDir, '..', 'chunk-modules.json');
  if (!existsSync(file)) return null;
  const byFile = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(Object.entries(byFile).map(([fileName, modules]) => [`/${fileName}`, modules]));
}

/** Every prerendered page of the build, in file-name order. */
export function prerenderedPaths(clientDir: string): string[] {
  return readdirSync(join(clientDir, 'pages'))
    .filter((name) => name.endsWith('.html'))
    .map((name) => {
      if (name === 'index.html') return '/';
      const path = `/${name.slice(0, -'.html'.length).replace(/_/g, '/')}`;
      // A language's home page, /es/, is es.html.
      return isLocale(path.slice(1)) ? `${path}/` : path;
    })
    .sort();
}
