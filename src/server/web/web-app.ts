import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '../../shared/public-config.ts';
import { servicesFormFromParams, servicesFormUsed, servicesSearchQuery, type ServicesPageData } from '../../shared/services-page.ts';
import type { DirectoryService } from '../modules/directory/service.ts';
import { createRequestRenderer, loadPages, NOT_FOUND_PATH } from './page-renderer.ts';

interface Page {
  html: string;
  etag: string;
}

const API_PREFIXES = ['/api/', '/auth/'];

/** The page whose query (the SPEC directory's q and category, the services form) is rendered per request. */
const RESOURCES_PATH = '/resources';

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
): Promise<{ sendNotFoundPage(reply: FastifyReply): FastifyReply }> {
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
    allowedPath: (pathName) => !pathName.startsWith('/pages/') && pathName !== '/index.html',
    // @fastify/static 10 hands over the Fastify reply here, not the raw response.
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header(
        'Cache-Control',
        filePath.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.status(status).type('text/html; charset=utf-8').send(page.html);
  };

  const renderOnRequest = await createRequestRenderer(options.distDir, options.publicConfig);
  const directory = options.directory ?? null;

  /**
   * /resources with a query: the SPEC directory's filters and the services search are rendered on
   * the server, so a search works without JavaScript. The plain page stays the prerendered one.
   */
  const sendResourcesSearch = async (request: FastifyRequest, reply: FastifyReply) => {
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
    const html = await renderOnRequest(`${RESOURCES_PATH}${search}`, servicesData);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  for (const [path, page] of pages) {
    if (path === NOT_FOUND_PATH) continue;
    if (path === RESOURCES_PATH) {
      app.get(path, (request, reply) => (request.url.includes('?') ? sendResourcesSearch(request, reply) : sendPage(request, reply, page)));
      continue;
    }
    app.get(path, (request, reply) => sendPage(request, reply, page));
  }

  const notFoundPage = pages.get(NOT_FOUND_PATH);
  if (!notFoundPage) throw new Error('The web build has no 404 page; run npm run build');
  return {
    sendNotFoundPage: (reply) =>
      reply.status(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(notFoundPage.html),
  };
}
