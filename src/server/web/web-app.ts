import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '../../shared/public-config.ts';
import { servicesFormFromParams, servicesFormUsed, servicesSearchQuery, type ServicesPageData } from '../../shared/services-page.ts';
import type { DirectoryService } from '../modules/directory/service.ts';
import {
  DEFAULT_LOCALE,
  LANGUAGE_CHOICE_PATH,
  LANGUAGE_COOKIE,
  isLocale,
  isLocalizedPage,
  localePath,
  negotiateLocale,
  splitLocalePath,
  type Locale,
} from '../../shared/locales.ts';
import { createRequestRenderer, loadPages, NOT_FOUND_PATH } from './page-renderer.ts';

interface Page {
  html: string;
  etag: string;
}

const API_PREFIXES = ['/api/', '/auth/'];

/** The page whose query (the SPEC directory's q and category, the services form) is rendered per request. */
const RESOURCES_PATH = '/resources';

/** A year: the language choice outlives a visit, like a setting, and carries nothing about the visitor. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language the visitor chose earlier (the switcher's cookie), if any. */
export function chosenLocale(request: FastifyRequest): Locale | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The language of an address without a language prefix: the visitor's choice, else their browser's. */
export function preferredLocale(request: FastifyRequest): Locale {
  return chosenLocale(request) ?? negotiateLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}

/** Where the switcher may send someone back to: a public page, never another site. */
function choiceTarget(next: unknown, isPage: (path: string) => boolean): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return '/';
  const { path } = splitLocalePath(next.split(/[?#]/, 1)[0] ?? '/');
  return isLocalizedPage(path) || isPage(path) ? path : '/';
}

export function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return false;
  return true;
}

/**
 * Serves the built web app: hashed assets (cached for a year), the files of public/, and every page
 * as server-rendered HTML, so the site works before (and without) JavaScript.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    publicConfig: PublicConfig;
    /** Services for /resources's "Services near you"; null shows the form with a "not available" note. */
    directory?: Pick<DirectoryService, 'searchServices'> | null;
  },
): Promise<{ sendNotFoundPage(reply: FastifyReply, request?: FastifyRequest): FastifyReply }> {
  const clientDir = join(options.distDir, 'client');
  const { pages: rendered, rerendered } = await loadPages(options.distDir, options.publicConfig);
  if (rerendered) app.log.info('pages rendered at start-up for this configuration');

  const pages = new Map<string, Page>();
  for (const [path, html] of rendered) {
    pages.set(path, { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` });
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The page files are served through the routes below, never by their file names.
    allowedPath: (pathName) => !pathName.startsWith('/pages/') && pathName !== '/index.html' && pathName !== '/public.html',
    // @fastify/static 10 hands over the Fastify reply here, not the raw response.
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header(
        'Cache-Control',
        filePath.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag);
    if (!reply.hasHeader('Vary')) reply.header('Vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.status(status).type('text/html; charset=utf-8').send(page.html);
  };

  const renderOnRequest = await createRequestRenderer(options.distDir, options.publicConfig);
  const directory = options.directory ?? null;

  /**
   * /resources with a query: the SPEC directory's filters and the services search are rendered on
   * the server, so a search works without JavaScript. The plain page stays the prerendered one.
   */
  const sendResourcesSearch = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const search = request.url.slice(request.url.indexOf('?'));
    const form = servicesFormFromParams(new URLSearchParams(search));
    let servicesData: ServicesPageData | null = null;
    if (servicesFormUsed(form)) {
      servicesData = { form, response: null, failed: false };
      if (directory) {
        try {
          servicesData.response = await directory.searchServices(servicesSearchQuery(form));
        } catch (error) {
          request.log.error({ err: error }, 'services search for the resources page failed');
          servicesData.failed = true;
        }
      } else {
        servicesData.failed = true;
      }
    }
    const html = await renderOnRequest(`${path}${search}`, servicesData);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  const servePage = (request: FastifyRequest, reply: FastifyReply, path: string, page: Page) =>
    splitLocalePath(path).path === RESOURCES_PATH && request.url.includes('?')
      ? sendResourcesSearch(request, reply, path)
      : sendPage(request, reply, page);

  for (const [path, page] of pages) {
    if (splitLocalePath(path).path === NOT_FOUND_PATH) continue;
    if (!isLocalizedPage(path)) {
      // An app screen, or a public page at its language's own address (/es/about).
      app.get(path, (request, reply) => servePage(request, reply, path, page));
      continue;
    }
    // A public page's English address: the visitor's chosen (else browser's) language, if not English.
    app.get(path, (request, reply) => {
      const locale = preferredLocale(request);
      reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      if (locale === DEFAULT_LOCALE) return servePage(request, reply, path, page);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('Cache-Control', 'no-cache').redirect(`${localePath(locale, path)}${query}`, 302);
    });
  }

  /** The switcher's links: keep the choice (no account needed), then open the page in that language. */
  app.get(LANGUAGE_CHOICE_PATH, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // Back to one of the site's own pages (public or app), never to another site.
    const next = choiceTarget(query.next, (path) => path !== NOT_FOUND_PATH && pages.has(path));
    if (!isLocale(query.to)) return reply.header('Cache-Control', 'no-store').redirect(next, 303);
    const secure = request.protocol === 'https' ? '; Secure' : '';
    return reply
      .header('Set-Cookie', `${LANGUAGE_COOKIE}=${query.to}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`)
      .header('Cache-Control', 'no-store')
      .redirect(localePath(query.to, next), 303);
  });

  const notFoundPages = new Map<Locale, Page>();
  for (const [path, page] of pages) {
    const { locale, path: unprefixed } = splitLocalePath(path);
    if (unprefixed === NOT_FOUND_PATH) notFoundPages.set(locale, page);
  }
  const englishNotFound = notFoundPages.get(DEFAULT_LOCALE);
  if (!englishNotFound) throw new Error('The web build has no 404 page; run npm run build');
  return {
    sendNotFoundPage: (reply, request) => {
      // Under a language's prefix the page is in that language; elsewhere in the visitor's.
      const prefixed = request ? splitLocalePath(request.url.split('?', 1)[0] ?? '/').locale : DEFAULT_LOCALE;
      const locale = prefixed !== DEFAULT_LOCALE || !request ? prefixed : preferredLocale(request);
      const page = notFoundPages.get(locale) ?? englishNotFound;
      return reply.status(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
    },
  };
}
