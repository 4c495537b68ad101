import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtDomainLanguageModel } from './domain-language-model.ts';

const folder = mkdtempSync(join(tmpdir(), 'ellis-domain-lm-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('finding the built domain model', () => {
  const model = join(folder, 'ellis-en-us.lm.bin');
  const dictionary = join(folder, 'ellis-en-us.dict');

  it('is undefined (the general model) until both the model and its dictionary are built', () => {
    expect(builtDomainLanguageModel(model, dictionary)).toBeUndefined();
    writeFileSync(model, 'model');
    expect(builtDomainLanguageModel(model, dictionary)).toBeUndefined();
  });

  it('gives both paths once they exist', () => {
    writeFileSync(model, 'model');
    writeFileSync(dictionary, 'dictionary');
    expect(builtDomainLanguageModel(model, dictionary)).toEqual({ languageModel: model, dictionary });
  });
});
