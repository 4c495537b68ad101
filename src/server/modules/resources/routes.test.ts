import { describe, expect, it } from 'vitest';
import { testAppForSuite } from '../../testing/suite-app.ts';
import type { ResourcesResponse } from '../../../shared/resources-api.ts';

describe('GET /api/resources', () => {
  const suite = testAppForSuite();

  async function get(url: string) {
    return suite.app.inject({ method: 'GET', url });
  }

  it('returns the whole directory without parameters, publicly and cacheable for five minutes', async () => {
    const response = await get('/api/resources');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.json<ResourcesResponse>();
    expect(body.noResults).toBe(false);
    expect(body.categories.map((category) => [category.id, category.name, category.resources.length])).toEqual([
      ['housing', 'Housing & Shelter', 5],
      ['food', 'Food & Nutrition', 5],
      ['health', 'Healthcare', 5],
      ['employment', 'Employment & Income', 5],
      ['legal', 'Legal Services', 5],
      ['crisis', 'Crisis Support', 5],
    ]);
    expect(body.categories[0]?.resources[0]).toEqual({
      name: 'Emergency Shelter',
      url: 'https://www.sfserviceguide.org/search?query=emergency%20shelter',
    });
    expect(body.organizations).toHaveLength(6);
    expect(body.organizations[1]).toEqual({
      name: 'NAMI (National Alliance on Mental Illness)',
      description: expect.stringContaining('HelpLine'),
      url: 'https://www.nami.org',
      phone: '1-800-950-6264',
    });
    expect(body.organizations[2]).not.toHaveProperty('phone');
    // Only the documented fields leave the server.
    expect(Object.keys(body).sort()).toEqual(['categories', 'noResults', 'organizations']);
    expect(Object.keys(body.categories[0]!).sort()).toEqual(['id', 'name', 'resources']);
  });

  it('filters resource names case-insensitively with a trimmed query, and organizations by name or description', async () => {
    const response = await get('/api/resources?q=%20%20MEALS%20');
    expect(response.statusCode).toBe(200);
    const body = response.json<ResourcesResponse>();
    expect(body.categories).toEqual([
      {
        id: 'food',
        name: 'Food & Nutrition',
        resources: [
          { name: 'Free Meals', url: 'https://www.sfserviceguide.org/search?query=free%20meals' },
          { name: 'Home-Delivered Meals', url: 'https://www.sfserviceguide.org/search?query=home%20delivered%20meals' },
        ],
      },
    ]);
    expect(body.organizations).toEqual([]);
    expect(body.noResults).toBe(false);
    // Organizations match on their description too ("meal programs").
    const meal = (await get('/api/resources?q=Meal%20Programs')).json<ResourcesResponse>();
    expect(meal.organizations.map((organization) => organization.name)).toEqual(['Feeding America']);
    expect(meal.noResults).toBe(true);
  });

  it('combines the category filter with the query', async () => {
    const body = (await get('/api/resources?category=legal&q=eviction')).json<ResourcesResponse>();
    expect(body.categories).toEqual([
      {
        id: 'legal',
        name: 'Legal Services',
        resources: [{ name: 'Eviction Defense', url: 'https://www.sfserviceguide.org/search?query=eviction' }],
      },
    ]);
    const whole = (await get('/api/resources?category=crisis')).json<ResourcesResponse>();
    expect(whole.categories.map((category) => category.id)).toEqual(['crisis']);
    expect(whole.categories[0]?.resources).toHaveLength(5);
    expect((await get('/api/resources?category=all&q=')).json<ResourcesResponse>().categories).toHaveLength(6);
  });

  it('reports no results when no category resource matches, while organizations may still match', async () => {
    const response = await get('/api/resources?q=food%20bank');
    expect(response.statusCode).toBe(200);
    const body = response.json<ResourcesResponse>();
    expect(body).toEqual({
      categories: [],
      organizations: [expect.objectContaining({ name: 'Feeding America' })],
      noResults: true,
    });
    const nothing = (await get('/api/resources?q=xyzzy&category=food')).json<ResourcesResponse>();
    expect(nothing).toEqual({ categories: [], organizations: [], noResults: true });
  });

  it.each(['Housing', 'shelter', 'ALL', '', 'housing,food'])('refuses the unknown category %j with 400', async (category) => {
    const response = await get(`/api/resources?category=${encodeURIComponent(category)}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).not.toBe('public, max-age=300');
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('invalid_category');
    expect(body.message).toContain('housing, food, health, employment, legal, crisis');
  });

  it('refuses a repeated category with 400', async () => {
    const response = await get('/api/resources?category=food&category=legal');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_category' });
  });

  it('accepts a 200-character query and refuses 201 characters with 400', async () => {
    expect((await get(`/api/resources?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
    const response = await get(`/api/resources?q=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_query',
      message: 'The search text can be at most 200 characters.',
    });
  });

  it('refuses a repeated query parameter with 400', async () => {
    const response = await get('/api/resources?q=food&q=shelter');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_query' });
  });

  it('answers only GET', async () => {
    const response = await suite.app.inject({ method: 'POST', url: '/api/resources', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
