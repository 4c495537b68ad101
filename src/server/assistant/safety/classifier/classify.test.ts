import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { riskRank, type RiskKind, type RiskLevel, type SafetyLanguage } from '../risk.ts';
import { classifyRisk, detectLanguage, WEIGHTS_FILE } from './classify.ts';
import { loadCorpus } from './corpus.ts';
import { decodeModel } from './model.ts';
import { trainClassifier } from './pipeline.ts';
import { DEFAULT_TRAIN_OPTIONS } from './train.ts';

const atLeast = (level: RiskLevel, min: RiskLevel) => riskRank(level) >= riskRank(min);

describe('learned safety classifier', () => {
  it('loads the committed weights with their calibrated thresholds, small enough for the repository', () => {
    const bytes = readFileSync(WEIGHTS_FILE);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const verdict = classifyRisk('hello');
    expect(verdict.level).toBe('none');
    expect(verdict.kinds).toEqual([]);
    expect(verdict.score).toBeGreaterThanOrEqual(0);
    expect(verdict.score).toBeLessThanOrEqual(1);
  });

  it('carries the thresholds written in classify.ts and decision 080 (update both after retraining)', () => {
    expect(decodeModel(readFileSync(WEIGHTS_FILE)).thresholds).toEqual({ crisis: 0.5218, immediateShare: 0.22, concern: 0.5218, secondKind: 0.3 });
  });

  it('is deterministic', () => {
    const text = 'i took 30 of my sleeping pills like 10 min ago';
    expect(classifyRisk(text)).toEqual(classifyRisk(text));
  });

  const crises: [string, SafetyLanguage, RiskKind][] = [
    ['i want to kill myself tonight', 'en', 'suicide'],
    ['my friend took fent and wont wake up', 'en', 'overdose'],
    ['he is choking me right now', 'en', 'domestic-violence'],
    ['my boss took my passport and says i owe him money', 'en', 'trafficking'],
    ['i was raped last night', 'en', 'sexual-assault'],
    ['my building is on fire', 'en', 'disaster'],
    ['quiero matarme esta noche', 'es', 'suicide'],
    ['mi esposo me pega', 'es', 'domestic-violence'],
    ['我想自杀', 'zh', 'suicide'],
    ['我个仔打我，仲攞走我啲钱', 'zh', 'domestic-violence'],
    ['gusto ko nang magpakamatay', 'tl', 'suicide'],
    ['sinasaktan ako ng asawa ko', 'tl', 'domestic-violence'],
    ['tôi muốn tự tử', 'vi', 'suicide'],
    ['chồng tôi đánh tôi', 'vi', 'domestic-violence'],
  ];
  it.each(crises)('reads "%s" as %s %s at crisis or above', (text, language, kind) => {
    const verdict = classifyRisk(text);
    expect(verdict.level === 'crisis' || verdict.level === 'immediate-danger').toBe(true);
    expect(verdict.kinds[0]).toBe(kind);
    expect(verdict.language).toBe(language);
  });

  const hardNegatives = [
    'this job is killing me',
    'my brother killed himself in 2019 and i still miss him',
    'how does the 988 line work',
    'im a volunteer, what are the warning signs of suicide',
    'my grandma passed away last year, i need help with the funeral',
    'me muero de hambre',
    '笑死我了',
    'gutom na gutom na ako',
    'mệt chết đi được',
    'where can i get food today',
  ];
  it.each(hardNegatives)('keeps "%s" below crisis', (text) => {
    expect(atLeast(classifyRisk(text).level, 'crisis')).toBe(false);
  });

  it('marks talk about danger as such', () => {
    expect(classifyRisk('my brother killed himself in 2019 and i still miss him').aboutDanger).toBe(true);
  });

  it('detects the five languages, Chinese by script whatever else the message holds', () => {
    expect(detectLanguage('where can i sleep tonight')).toBe('en');
    expect(detectLanguage('necesito un lugar para dormir esta noche')).toBe('es');
    expect(detectLanguage('我想死 lol')).toBe('zh');
    expect(detectLanguage('kailangan ko ng matutulugan ngayong gabi')).toBe('tl');
    expect(detectLanguage('tôi cần chỗ ngủ tối nay')).toBe('vi');
    expect(detectLanguage('toi can cho ngu toi nay')).toBe('vi');
  });

  // Training (six fits: five for cross-validated calibration, decision 082) takes about 110 s of CPU alone since blind rounds
  // 33-86 and later turns read with earlier ones joined the corpus (decision 106; 280 s under vitest beside nothing else); the
  // limit leaves room for a machine shared with other suites.
  it('retraining from the corpus reproduces the committed weights byte for byte', { timeout: 1_200_000 }, () => {
    const { bytes } = trainClassifier(loadCorpus(), DEFAULT_TRAIN_OPTIONS);
    const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
    expect(digest(bytes)).toBe(digest(readFileSync(WEIGHTS_FILE)));
  });
});
