import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './sentence-splitter.ts';

function split(pieces: string[]): string[] {
  const splitter = new SentenceSplitter();
  return [...pieces.flatMap((piece) => splitter.push(piece)), ...splitter.flush()];
}

describe('SentenceSplitter', () => {
  it('gives each sentence as soon as it is complete, across streamed pieces', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push('That sounds really hard')).toEqual([]);
    expect(splitter.push('. Where are ')).toEqual(['That sounds really hard.']);
    expect(splitter.push('you staying tonight? I')).toEqual(['Where are you staying tonight?']);
    expect(splitter.flush()).toEqual(['I']);
  });

  it('keeps numbers, short openers and line breaks sensible', () => {
    expect(split(['Call 1-800-799-7233 any time, or text 988.'])).toEqual(['Call 1-800-799-7233 any time, or text 988.']);
    expect(split(['Oh. I am so sorry to hear that. '])).toEqual(['Oh. I am so sorry to hear that.']);
    expect(split(['Options:\n- a shelter bed\n- a food bank'])).toEqual(['Options:', '- a shelter bed', '- a food bank']);
    expect(split(['It costs $3.50 a ride.'])).toEqual(['It costs $3.50 a ride.']);
  });

  it('cuts a run-on stretch at a comma so speech can start', () => {
    const runOn = `${'word '.repeat(30)}and then, ${'more words '.repeat(20)}`;
    const sentences = split([runOn]);
    expect(sentences.length).toBeGreaterThan(1);
    expect(sentences[0]?.endsWith(',')).toBe(true);
    expect(sentences.join(' ').replace(/\s+/g, ' ')).toBe(runOn.trim().replace(/\s+/g, ' '));
  });
});
