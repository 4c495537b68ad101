import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServiceLookup, sampleService } from '../assistant/testing/fake-service-lookup.ts';
import { loadConfig } from '../config/config.ts';
import { DIST_DIR } from '../testing/test-app.ts';
import { toPublicConfig } from './page-renderer.ts';
import { registerWebApp } from './web-app.ts';

const built = existsSync(join(DIST_DIR, 'client', 'pages'));
if (!built) console.warn('web-app.test.ts skipped: the web app is not built (run npm run build)');

describe.skipIf(!built)('/resources rendered per request', () => {
  let app: FastifyInstance;
  const directory = createFakeServiceLookup(() => [
    sampleService({ alert: 'TEST FIXTURE: not for display to the public as current information.' }),
  ]);

  beforeAll(async () => {
    app = Fastify();
    await registerWebApp(app, { distDir: DIST_DIR, publicConfig: toPublicConfig(loadConfig({ NODE_ENV: 'test' }), { available: true }), directory });
  });
  afterAll(() => app.close());

  it('filters SPEC’s directory on the server: ?q=food&category=food', async () => {
    const response = await app.inject({ url: '/resources?q=food&category=food' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('value="food"');
    expect(response.body).toContain('<span class="resources-link-name">Food Pantries</span>');
    // The island's props carry the whole directory; the rendered list holds only the matches.
    expect(response.body).not.toContain('<span class="resources-link-name">Emergency Shelter</span>');
  });

  it('shows the no-results text of SPEC §2 for a search that matches nothing', async () => {
    const response = await app.inject({ url: '/resources?q=zzzz' });
    expect(response.body).toContain('No resources found matching your search. Try different keywords or categories.');
  });

  it('renders services near a place, with their alert, phone link and directions', async () => {
    const response = await app.inject({ url: '/resources?near=Oakland&need=housing&open_now=true&tag=walk-in' });
    expect(response.statusCode).toBe(200);
    expect(directory.queries.at(-1)).toEqual({ near: 'Oakland', category: 'housing', openNow: true, tags: ['walk-in'], limit: 10 });
    expect(response.body).toContain('Sample Night Shelter');
    expect(response.body).toContain('TEST FIXTURE: not for display to the public as current information.');
    expect(response.body).toContain('href="tel:5105550100"');
    expect(response.body).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=100%20Example%20St');
    expect(response.body).toContain('1 service found near Oakland.');
    // The results reach the browser as the services island's props, not as a separate block.
    expect(response.body).toContain('data-island="services"');
    expect(response.body).not.toContain('id="ellis-services"');
  });

  it('keeps the plain page prerendered and cacheable', async () => {
    const response = await app.inject({ url: '/resources' });
    expect(response.headers.etag).toBeDefined();
    expect(response.body).not.toContain('id="ellis-services"');
  });
});

describe.skipIf(!built)('public pages in every language (issue 15)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    const webApp = await registerWebApp(app, {
      distDir: DIST_DIR,
      publicConfig: toPublicConfig(loadConfig({ NODE_ENV: 'test' }), { available: true }),
    });
    app.setNotFoundHandler((request, reply) => webApp.sendNotFoundPage(reply, request));
  });
  afterAll(() => app.close());

  it('gives an app screen (/vi/chat) its language and the other languages’ addresses too', async () => {
    const response = await app.inject({ url: '/vi/chat' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="vi">');
    for (const [hreflang, href] of [
      ['en', '/chat'],
      ['es', '/es/chat'],
      ['zh-Hant', '/zh-Hant/chat'],
      ['tl', '/tl/chat'],
      ['vi', '/vi/chat'],
      ['x-default', '/chat'],
    ]) {
      expect(response.body).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}" />`);
    }
  });

  it('serves /es/about in Spanish with its language, the other languages’ addresses and only the islands’ script', async () => {
    const response = await app.inject({ url: '/es/about' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('<title>Quiénes somos — Ellis</title>');
    for (const [hreflang, href] of [
      ['en', '/about'],
      ['es', '/es/about'],
      ['zh-Hant', '/zh-Hant/about'],
      ['tl', '/tl/about'],
      ['vi', '/vi/about'],
      ['x-default', '/about'],
    ]) {
      expect(response.body).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}" />`);
    }
    expect(response.body).toMatch(/<script type="module" crossorigin src="\/assets\/public-[\w-]+\.js"><\/script>/);
    expect(response.body).not.toContain('id="ellis-config"');
    // Links between public pages stay in Spanish; the crisis numbers are there before anything else.
    expect(response.body).toContain('<a href="/es/resources">Recursos</a>');
    expect(response.body.indexOf('href="tel:988"')).toBeLessThan(response.body.indexOf('language-switcher'));
  });

  it('serves each language’s home page at /xx/ with the switcher naming every language in its own language', async () => {
    for (const [path, lang] of [
      ['/es/', 'es'],
      ['/zh-Hant/', 'zh-Hant'],
      ['/tl/', 'tl'],
      ['/vi/', 'vi'],
    ]) {
      const response = await app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain(`<html lang="${lang}">`);
      for (const name of ['English', 'Español', '繁體中文', 'Tagalog', 'Tiếng Việt']) expect(response.body).toContain(`>${name}</a>`);
    }
  });

  it('sends a first visit to the language its browser asks for, and says the answer depends on it', async () => {
    const spanish = await app.inject({ url: '/about', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(spanish.statusCode).toBe(302);
    expect(spanish.headers.location).toBe('/es/about');
    expect(spanish.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');

    const taiwan = await app.inject({ url: '/resources?q=food', headers: { 'accept-language': 'zh-TW' } });
    expect(taiwan.headers.location).toBe('/zh-Hant/resources?q=food');

    const simplified = await app.inject({ url: '/', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(simplified.statusCode).toBe(200);
    expect(simplified.body).toContain('<html lang="en">');
    expect(simplified.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it('keeps the visitor’s choice over the browser’s language', async () => {
    const english = await app.inject({ url: '/about', headers: { 'accept-language': 'vi', cookie: 'ellis_lang=en' } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');

    const tagalog = await app.inject({ url: '/privacy', headers: { cookie: 'other=1; ellis_lang=tl' } });
    expect(tagalog.statusCode).toBe(302);
    expect(tagalog.headers.location).toBe('/tl/privacy');
  });

  it('keeps a choice from the switcher in a cookie and opens the page in that language', async () => {
    const response = await app.inject({ url: '/language?to=zh-Hant&next=%2Fes%2Fresources' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/zh-Hant/resources');
    expect(response.headers['set-cookie']).toBe('ellis_lang=zh-Hant; Path=/; Max-Age=31536000; SameSite=Lax');

    const english = await app.inject({ url: '/language?to=en&next=%2Fvi%2F' });
    expect(english.headers.location).toBe('/');
    expect(english.headers['set-cookie']).toBe('ellis_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('brings an app screen back in the chosen language too (the app screens list the languages below the screen)', async () => {
    const chat = await app.inject({ url: '/language?to=vi&next=%2Fes%2Fchat' });
    expect(chat.statusCode).toBe(303);
    expect(chat.headers.location).toBe('/vi/chat');
    expect(chat.headers['set-cookie']).toBe('ellis_lang=vi; Path=/; Max-Age=31536000; SameSite=Lax');
    const signIn = await app.inject({ url: '/language?to=es&next=%2Flogin' });
    expect(signIn.headers.location).toBe('/es/login');
    const notAPage = await app.inject({ url: '/language?to=es&next=%2Fapi%2Fhealth' });
    expect(notAPage.headers.location).toBe('/es/');
  });

  it('never sends the switcher elsewhere: another site, a path that is no page, or an unknown language', async () => {
    const offsite = await app.inject({ url: '/language?to=es&next=%2F%2Fevil.example%2F' });
    expect(offsite.headers.location).toBe('/es/');
    const unknown = await app.inject({ url: '/language?to=fr&next=%2Fabout' });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/about');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('renders a search on /vi/resources per request, in Vietnamese', async () => {
    const response = await app.inject({ url: '/vi/resources?q=food&category=food' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<html lang="vi">');
    expect(response.body).toContain('<h1>Nguồn trợ giúp</h1>');
    expect(response.body).toContain('action="/vi/resources"');
    expect(response.body).toContain('<span class="resources-link-name">Food Pantries</span>');
    // The island's props carry the whole directory; the rendered list holds only the matches.
    expect(response.body).not.toContain('<span class="resources-link-name">Emergency Shelter</span>');
  });

  it('answers an unknown address under a language with that language’s not-found page', async () => {
    const response = await app.inject({ url: '/vi/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="vi">');
    expect(response.body).toContain('Chúng tôi không tìm thấy trang đó');
  });
});
