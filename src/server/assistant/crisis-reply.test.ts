import { describe, expect, it } from 'vitest';
import { crisisLines, specialistCrisisLines } from '../../shared/crisis-lines.ts';
import { detectCrisis } from './crisis-detection.ts';
import { crisisReply } from './crisis-reply.ts';

function replyTo(text: string) {
  const detection = detectCrisis(text);
  if (!detection || (detection.level !== 'crisis' && detection.level !== 'immediate-danger')) throw new Error(`no crisis detected in: ${text}`);
  return crisisReply({ ...detection, level: detection.level });
}

describe('crisisReply', () => {
  it('lists 911 first when the danger is immediate', () => {
    const reply = replyTo('My friend overdosed and is not breathing');
    expect(reply.level).toBe('immediate-danger');
    expect(reply.resources.map((resource) => resource.phone ?? resource.sms)).toEqual(['911', '1-800-222-1222', '988', '741741']);
    expect(reply.text.startsWith('Please call 911 right now')).toBe(true);
    expect(reply.text.endsWith('Can you call 911 now?')).toBe(true);
  });

  it('puts the domestic violence hotline first for abuse', () => {
    const reply = replyTo('My husband beats me');
    expect(reply.resources[0]?.name).toBe('National Domestic Violence Hotline');
    expect(reply.text).toContain('call 1-800-799-7233 or text START to 88788');
  });

  it('takes every number and link from the crisis lines', () => {
    const published = new Set([...crisisLines, ...specialistCrisisLines].flatMap((line) => [line.phone, line.sms, line.url].filter(Boolean)));
    for (const text of ['I want to die', 'He has a gun', 'Me quiero matar', 'I keep cutting myself']) {
      for (const resource of replyTo(text).resources) {
        for (const value of [resource.phone, resource.sms, resource.url]) if (value) expect(published.has(value)).toBe(true);
      }
    }
  });

  it('answers in Spanish to Spanish, says it is an AI, and asks one question', () => {
    const reply = replyTo('Ya no quiero vivir');
    expect(reply.text).toContain('llama al 988 y marca 2');
    expect(reply.text).toContain('inteligencia artificial');
    expect(reply.text.endsWith('¿Estás a salvo ahora mismo?')).toBe(true);
    const english = replyTo("I'm suicidal");
    expect(english.text).toContain("I'm an AI");
    expect(english.text.match(/\?/g)).toHaveLength(1);
  });

  it('adds 911 to suicidal thoughts the person says are happening now', () => {
    const reply = replyTo('I took all my pills, I want to die tonight');
    expect(reply.level).toBe('immediate-danger');
    expect(reply.resources[0]?.phone).toBe('911');
  });
});
