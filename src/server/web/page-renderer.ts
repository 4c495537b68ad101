import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { ServicesPageData } from '../../shared/services-page.ts';
import type { Config } from '../config/config.ts';

/** What the Vite SSR build of src/web/entry-server.tsx exports. */
interface ServerEntry {
  routePaths: string[];
  render(
    url: string,
    config: PublicConfig,
    servicesData?: ServicesPageData | null,
  ): Promise<{ appHtml: string; title: string; description: string; lang: string; head: string; template: 'public' | 'app' }>;
}

/** The two page templates of the client build: the app's, and the public pages' (islands only). */
interface Templates {
  app: string;
  public: string;
}

/** The id of the JSON block that carries a per-request render's services results to the browser. */
export const SERVICES_DATA_ELEMENT_ID = 'ellis-services';

/** Renders one page for one request (a /resources search), with the same template as the prerendered pages. */
export type RequestRenderer = (url: string, servicesData: ServicesPageData | null) => Promise<string>;

export const NOT_FOUND_PATH = '/404';
const PRERENDER_DIR = 'pages';
const PRERENDER_CONFIG_FILE = 'public-config.json';

export function toPublicConfig(config: Config, voice: { available: boolean }): PublicConfig {
  return { ...config.site, voiceAvailable: voice.available, voiceSpeaksEveryLanguage: config.tts.provider === 'openai' };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON inside a <script> block: "<" is escaped so no value can close the element. */
function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The file of a prerendered page: / is index.html, /about about.html, /es/ es.html, /es/about es_about.html. */
export function fileNameFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replace(/\/$/, '').replace(/\//g, '_')}.html`;
}

async function readTemplates(distDir: string): Promise<Templates> {
  const clientDir = join(distDir, 'client');
  return { app: await readFile(join(clientDir, 'index.html'), 'utf8'), public: await readFile(join(clientDir, 'public.html'), 'utf8') };
}

async function loadEntry(distDir: string): Promise<ServerEntry> {
  return (await import(pathToFileURL(join(distDir, 'server', 'entry-server.js')).href)) as ServerEntry;
}

async function renderPage(
  templates: Templates,
  entry: ServerEntry,
  url: string,
  config: PublicConfig,
  servicesData: ServicesPageData | null,
): Promise<string> {
  const rendered = await entry.render(url, config, servicesData);
  // The islands of a public page carry their own props (the services results too); only the app
  // reads these blocks.
  const isApp = rendered.template === 'app';
  const dataBlocks = isApp ? [`<script type="application/json" id="ellis-config">${serializeForScript(config)}</script>`] : [];
  if (servicesData && isApp) {
    dataBlocks.push(`<script type="application/json" id="${SERVICES_DATA_ELEMENT_ID}">${serializeForScript(servicesData)}</script>`);
  }
  // A function replacement, so "$&" or "$1" in a rendered text is never taken for a pattern.
  return templates[rendered.template]
    .replace('<!--page-head-->', () => rendered.head)
    .replace('<!--page-lang-->', () => escapeHtml(rendered.lang))
    .replace('<!--page-title-->', () => escapeHtml(rendered.title))
    .replace('<!--page-description-->', () => escapeHtml(rendered.description))
    .replace('<!--app-html-->', () => rendered.appHtml)
    .replace('<!--app-config-->', () => dataBlocks.join(''));
}

async function renderAll(distDir: string, config: PublicConfig): Promise<Map<string, string>> {
  const templates = await readTemplates(distDir);
  const entry = await loadEntry(distDir);
  const pages = new Map<string, string>();
  for (const path of entry.routePaths) pages.set(path, await renderPage(templates, entry, path, config, null));
  return pages;
}

/** A renderer for pages that depend on the request (their query), built once at start-up. */
export async function createRequestRenderer(distDir: string, config: PublicConfig): Promise<RequestRenderer> {
  const templates = await readTemplates(distDir);
  const entry = await loadEntry(distDir);
  return (url, servicesData) => renderPage(templates, entry, url, config, servicesData);
}

/** Build step: writes every page as static HTML into dist/client/pages. */
export async function prerenderPages(distDir: string, config: PublicConfig): Promise<string[]> {
  const pages = await renderAll(distDir, config);
  const outDir = join(distDir, 'client', PRERENDER_DIR);
  await mkdir(outDir, { recursive: true });
  for (const [path, html] of pages) await writeFile(join(outDir, fileNameFor(path)), html);
  await writeFile(join(outDir, PRERENDER_CONFIG_FILE), JSON.stringify(config, null, 2));
  return [...pages.keys()];
}

/**
 * Start-up: uses the HTML written at build time when it was built with this deployment's public
 * configuration; otherwise renders the pages again once, so phone and donate links are always the
 * configured ones.
 */
export async function loadPages(distDir: string, config: PublicConfig): Promise<{ pages: Map<string, string>; rerendered: boolean }> {
  const prerenderedDir = join(distDir, 'client', PRERENDER_DIR);
  const builtWith = JSON.parse(await readFile(join(prerenderedDir, PRERENDER_CONFIG_FILE), 'utf8').catch(() => 'null')) as unknown;
  if (isDeepStrictEqual(builtWith, config)) {
    const entry = (await import(pathToFileURL(join(distDir, 'server', 'entry-server.js')).href)) as ServerEntry;
    const pages = new Map<string, string>();
    for (const path of entry.routePaths) pages.set(path, await readFile(join(prerenderedDir, fileNameFor(path)), 'utf8'));
    return { pages, rerendered: false };
  }
  return { pages: await renderAll(distDir, config), rerendered: true };
}
