/**
 * Directory search benchmark (issue 13: p95 ≤ 20 ms over 10,000 services on SQLite). Prints JSON with
 *  - index_build_ms: loading every service from SQLite into the search index (after an import);
 *  - service_ms: DirectoryService.searchServices p50/p95/p99 (revision check, ranking, result shaping);
 *  - service_cpu_ms: the CPU time of those calls (wall time on a shared machine includes waiting);
 *  - http_ms: GET /api/services through the app (app.inject: routing, validation, serialisation).
 * The 10,000 services are the ../shared Bay Area fixture repeated with new ids and coordinates
 * jittered by up to ~2 km, in a temporary SQLite file. Queries are the fixture's 30, cycled, with and
 * without open_now, with place names and free text mixed in.
 * Usage: node bench/directory/search-bench.ts [--services 10000] [--queries 600]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { emptyTableRows, flattenService } from '../../src/server/modules/directory/hsds-records.ts';
import type { HsdsObject } from '../../src/server/modules/directory/hsds-validator.ts';
import { DirectoryRepository } from '../../src/server/modules/directory/repository.ts';
import { DatabaseDirectoryService } from '../../src/server/modules/directory/service.ts';
import { fixtureQueries, fixtureServices } from '../../src/server/modules/directory/testing/fixture.ts';
import { NO_DIRECTORY_RATE_LIMITS } from '../../src/server/modules/directory/testing/limits.ts';
import { buildTestApp } from '../../src/server/testing/test-app.ts';
import type { ServiceSearchQuery } from '../../src/shared/services-api.ts';

const BUDGET_P95_MS = 20;
const { values } = parseArgs({ options: { services: { type: 'string', default: '10000' }, queries: { type: 'string', default: '600' } } });
const serviceCount = Number(values.services);
const queryCount = Number(values.queries);

/** Deterministic jitter so runs compare. */
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

/** A copy of a fixture service with fresh ids everywhere and its coordinates moved a little. */
function jittered(service: HsdsObject, copy: number): HsdsObject {
  const ids = new Map<string, string>();
  const dLat = (random() - 0.5) * 0.04;
  const dLng = (random() - 0.5) * 0.04;
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, walk(child, childKey)]));
    }
    if (typeof value === 'string' && (key === 'id' || (key?.endsWith('_id') && key !== 'taxonomy_term_id' && key !== 'taxonomy_id' && key !== 'parent_id'))) {
      let replacement = ids.get(value);
      if (!replacement) {
        replacement = randomUUID();
        ids.set(value, replacement);
      }
      return replacement;
    }
    if (typeof value === 'number' && key === 'latitude') return value + dLat;
    if (typeof value === 'number' && key === 'longitude') return value + dLng;
    if (typeof value === 'string' && key === 'name' && copy > 0) return `${value} (${copy})`;
    return value;
  };
  const result = walk(service) as HsdsObject;
  // Attribute ids are per service, but the taxonomy terms they point at are shared.
  for (const attribute of (result.attributes as HsdsObject[]) ?? []) attribute.id = randomUUID();
  return result;
}

function percentile(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: Number(sorted.at(-1)!.toFixed(2)) };
}

const dir = mkdtempSync(join(tmpdir(), 'ellis-directory-bench-'));
const database = openDatabase({ url: `file:${join(dir, 'bench.db')}` });
try {
  await migrateToLatest(database);
  const base = fixtureServices();
  const rows = emptyTableRows();
  for (let index = 0; index < serviceCount; index++) {
    flattenService(rows, jittered(base[index % base.length]!, Math.floor(index / base.length)), 'bench');
  }
  const repository = new DirectoryRepository(database.db);
  const importStarted = performance.now();
  await repository.writeImport(rows, { replace: true, now: new Date().toISOString() });
  const importMs = performance.now() - importStarted;

  const directory = new DatabaseDirectoryService({ repository, now: Date.now });
  const buildStarted = performance.now();
  await directory.searchServices({ q: 'food' });
  const indexBuildMs = performance.now() - buildStarted;

  const fixture = fixtureQueries();
  const queries: ServiceSearchQuery[] = [];
  for (let index = 0; index < queryCount; index++) {
    const query = fixture[index % fixture.length]!;
    const variant = index % 4;
    queries.push({
      ...(variant === 3 ? { q: query.text } : { category: query.need }),
      near: variant === 2 ? query.text : `${query.near.lat},${query.near.lng}`,
      at: query.at,
      openNow: variant === 1,
    });
  }
  for (const query of queries.slice(0, 50)) await directory.searchServices(query);
  const serviceSamples: number[] = [];
  const cpuSamples: number[] = [];
  let results = 0;
  for (const query of queries) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const response = await directory.searchServices(query);
    const used = process.cpuUsage(cpu);
    serviceSamples.push(performance.now() - started);
    cpuSamples.push((used.user + used.system) / 1000);
    results += response.results.length;
  }

  const { app } = await buildTestApp({
    database,
    directory: { rateLimits: NO_DIRECTORY_RATE_LIMITS, loadDefaultData: false },
  });
  const urls = queries.map((query) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.category) params.set('category', query.category);
    params.set('near', query.near!);
    params.set('at', query.at!);
    if (query.openNow) params.set('open_now', 'true');
    return `/api/services?${params.toString()}`;
  });
  for (const url of urls.slice(0, 50)) await app.inject({ method: 'GET', url });
  const httpSamples: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url });
    httpSamples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  }
  await app.close();

  const service = summary(serviceSamples);
  const http = summary(httpSamples);
  console.log(
    JSON.stringify({
      bench: 'directory-search',
      services: serviceCount,
      queries: queryCount,
      import_ms: Math.round(importMs),
      index_build_ms: Math.round(indexBuildMs),
      service_ms: service,
      // CPU time of the same calls: on a shared machine wall time also counts waiting for a core.
      service_cpu_ms: summary(cpuSamples),
      http_ms: http,
      load_average_1m: Number(loadavg()[0]!.toFixed(2)),
      mean_results: Number((results / queryCount).toFixed(1)),
      budget_p95_ms: BUDGET_P95_MS,
      within_budget: http.p95 <= BUDGET_P95_MS,
    }),
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
