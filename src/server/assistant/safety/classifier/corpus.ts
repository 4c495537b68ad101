/**
 * The labelled corpus the classifier learns from: hand-written lines (`corpus/*.jsonl`) and template
 * expansions (`corpus/templates/*.json`), each assigned to train / validation / test by a hash of its
 * group (a paragraph of hand-written paraphrases, or a whole template), so near-duplicates never
 * straddle two splits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RISK_KINDS, RISK_LEVELS, SAFETY_LANGUAGES, type RiskKind, type RiskLevel, type SafetyLanguage } from '../risk.ts';

export type Split = 'train' | 'validation' | 'test';

export interface Example {
  text: string;
  level: RiskLevel;
  /** The danger the text is about; with level 'none' it marks talk *about* danger (a hard negative). */
  kind: RiskKind | null;
  language: SafetyLanguage;
  group: string;
  split: Split;
}

interface Line {
  text: string;
  level: RiskLevel;
  kind: RiskKind | null;
  language: SafetyLanguage;
  group: string;
}

interface Template {
  id: string;
  level: RiskLevel;
  kind: RiskKind | null;
  language: SafetyLanguage;
  patterns: string[];
}

const CORPUS_DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

function check(line: Line, where: string): Line {
  if (typeof line.text !== 'string' || line.text.trim() === '') throw new Error(`${where}: empty text`);
  if (!RISK_LEVELS.includes(line.level)) throw new Error(`${where}: bad level ${line.level}`);
  if (line.kind !== null && !RISK_KINDS.includes(line.kind)) throw new Error(`${where}: bad kind ${line.kind}`);
  if (line.level !== 'none' && line.kind === null) throw new Error(`${where}: level ${line.level} needs a kind`);
  if (!SAFETY_LANGUAGES.includes(line.language)) throw new Error(`${where}: bad language ${line.language}`);
  return line;
}

function splitOf(group: string): Split {
  let hash = 0x811c9dc5;
  for (let i = 0; i < group.length; i++) hash = Math.imul(hash ^ group.charCodeAt(i), 0x01000193);
  const bucket = (hash >>> 0) % 100;
  return bucket < 70 ? 'train' : bucket < 85 ? 'validation' : 'test';
}

/** Deterministic PRNG (mulberry32) so template expansion and training are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXPANSIONS_PER_PATTERN = 6;

function expand(template: Template, slots: Record<string, string[]>, random: () => number): string[] {
  const out = new Set<string>();
  for (const pattern of template.patterns) {
    for (let attempt = 0; attempt < EXPANSIONS_PER_PATTERN * 3 && out.size < EXPANSIONS_PER_PATTERN * template.patterns.length; attempt++) {
      const text = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
        const values = slots[`${template.language}.${name}`] ?? slots[name];
        if (!values) throw new Error(`template ${template.id}: no slot ${name} for ${template.language}`);
        return values[Math.floor(random() * values.length)]!;
      });
      out.add(text.replace(/\s+/g, ' ').replace(/\s+([,.!?，])/g, '$1').trim());
    }
  }
  return [...out];
}

function stripMarks(text: string): string {
  return text.replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function loadCorpus(): Example[] {
  const examples: Example[] = [];
  for (const file of readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.jsonl')).sort()) {
    const lines = readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n');
    lines.forEach((raw, index) => {
      if (raw.trim() === '') return;
      const parsed = JSON.parse(raw) as Omit<Line, 'group'> & { group?: string };
      const line = check({ ...parsed, kind: parsed.kind ?? null, group: `${file}:${parsed.group ?? index}` }, `${file}:${index + 1}`);
      examples.push({ ...line, split: splitOf(line.group) });
    });
  }
  const templateDir = join(CORPUS_DIR, 'templates');
  const slots = JSON.parse(readFileSync(join(templateDir, 'slots.json'), 'utf8')) as Record<string, string[]>;
  const random = seededRandom(20261123);
  for (const file of readdirSync(templateDir).filter((name) => name.endsWith('.json') && name !== 'slots.json').sort()) {
    const templates = JSON.parse(readFileSync(join(templateDir, file), 'utf8')) as Template[];
    for (const template of templates) {
      const group = `template:${template.id}`;
      for (const text of expand(template, slots, random)) {
        // People often type Vietnamese without tone marks: keep a share of the expansions that way too.
        const texts = template.language === 'vi' && random() < 0.4 ? [text, stripMarks(text)] : [text];
        for (const typed of texts) {
            const line = check({ text: typed, level: template.level, kind: template.kind ?? null, language: template.language, group }, `${file}:${template.id}`);
          examples.push({ ...line, split: splitOf(group) });
        }
      }
    }
  }
  return examples;
}
