import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsonRecords, readImportInput, ImportInputError } from './importer.ts';
import { FIXTURE_SERVICES, FIXTURE_TABULAR, HSDS_SCHEMA_DIR, fixtureServices } from './testing/fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'ellis-directory-import-'));
const env = { ...process.env, DATABASE_URL: `file:${join(dir, 'cli.db')}`, HSDS_SCHEMA_DIR, LOG_LEVEL: 'silent' };
const run = (script: string, args: string[]) => spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8', timeout: 60_000 });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run directory:import / directory:export', { timeout: 120_000 }, () => {
  it('imports the fixture, reports a rejected NDJSON line, and exports HSDS JSON', () => {
    const first = run('scripts/directory-import.ts', [FIXTURE_SERVICES]);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      source: 'bay-area-sample/services.json',
      accepted: { services: 513, taxonomies: 0, taxonomy_terms: 0 },
      rejected: 0,
      written: true,
    });

    const [service] = fixtureServices();
    const ndjson = join(dir, 'two.ndjson');
    writeFileSync(ndjson, `${JSON.stringify({ ...service, name: 'From NDJSON' })}\n{"id":"nope","name":"Broken"}\n`);
    const second = run('scripts/directory-import.ts', [ndjson, '--source', 'test feed']);
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('rejected two.ndjson line 2 (id nope):');
    expect(second.stderr).toContain("  - (record): must have required property 'status'");
    expect(JSON.parse(second.stdout)).toMatchObject({ source: 'test feed', accepted: { services: 1 }, rejected: 1, written: true });

    const out = join(dir, 'export.json');
    const exported = run('scripts/directory-export.ts', [out]);
    expect(exported.status, exported.stderr).toBe(0);
    const services = JSON.parse(readFileSync(out, 'utf8')) as Array<{ id: string; name: string }>;
    expect(services).toHaveLength(513);
    expect(services.find((entry) => entry.id === service!.id)?.name).toBe('From NDJSON');
  });

  it('replaces everything from the tabular folder with --replace', () => {
    const result = run('scripts/directory-import.ts', [FIXTURE_TABULAR, '--replace', '--strict']);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ accepted: { services: 513, taxonomies: 5, taxonomy_terms: 41 }, written: true });
  });

  it('stops with one clear message when the schemas are missing', () => {
    const result = run('scripts/directory-import.ts', [FIXTURE_SERVICES, '--schemas', join(dir, 'no-such-folder')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^The HSDS 3\.0 schemas were not found in .*no-such-folder/);
  });
});

describe('reading import input', () => {
  const deps = {
    readText: () => '',
    isDirectory: () => false,
    readTabular: () => [],
    fetch: (async () => new Response('{"contents":[{"id":"a"}]}', { status: 200 })) as typeof fetch,
  };

  it('reads an HSDS page from an https URL, and refuses plain http', async () => {
    expect(await readImportInput('https://example.org/hsds/services', deps)).toEqual([{ where: 'services contents item 1', kind: 'service', value: { id: 'a' } }]);
    await expect(readImportInput('http://example.org/x.json', deps)).rejects.toThrow(ImportInputError);
  });

  it('tells JSON, arrays, NDJSON and taxonomies apart', () => {
    expect(parseJsonRecords('{"id":"a"}', 'one.json')).toEqual([{ where: 'one.json', kind: 'service', value: { id: 'a' } }]);
    expect(parseJsonRecords('[{"id":"a"},{"id":"b"}]', 'many.json').map((record) => record.where)).toEqual(['many.json item 1', 'many.json item 2']);
    expect(parseJsonRecords('{"id":"a"}\n\n{"id":"b"}\n', 'feed.ndjson').map((record) => record.where)).toEqual(['feed.ndjson line 1', 'feed.ndjson line 3']);
    expect(parseJsonRecords('{"taxonomies":[{"id":"t"}],"taxonomy_terms":[{"id":"u"}]}', 'tax.json').map((record) => record.kind)).toEqual(['taxonomy', 'taxonomy_term']);
    expect(() => parseJsonRecords('not json', 'bad.txt')).toThrow('bad.txt is neither JSON nor NDJSON (line 1 does not parse).');
    expect(() => parseJsonRecords('  ', 'empty.json')).toThrow('empty.json is empty.');
  });
});
