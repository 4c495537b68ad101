import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../testing/test-app.ts';
import { FakeAssistant } from '../assistant/testing/fake-assistant.ts';
import { AppMetrics, meteredAssistant } from './metrics.ts';
import type { AssistantEvent } from '../assistant/assistant.ts';

const PROMTOOL = '/usr/bin/promtool';

async function drain(events: AsyncIterable<AssistantEvent>): Promise<void> {
  for await (const _event of events) {
    // Only the counting matters here.
  }
}

describe('metrics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp());
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/api/bookmarks' });
    await app.inject({ method: 'POST', url: '/api/ai-test-chat', payload: { messages: [{ role: 'user', content: 'I want to kill myself tonight' }] } });
  });
  afterAll(() => app.close());

  it.runIf(existsSync(PROMTOOL))('/metrics passes `promtool check metrics` with no warning', async () => {
    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const result = spawnSync(PROMTOOL, ['check', 'metrics'], { input: body, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('has no gauge named like a counter, and counts errors and crisis events', async () => {
    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).not.toMatch(/^# TYPE \S+_total gauge$/m);
    expect(body).toMatch(/^ellis_request_errors_total\{code="no_authorization"\} 1$/m);
    expect(body).toMatch(/^ellis_crisis_events_total\{level="[a-z-]+",channel="test-chat"\} 1$/m);
  });

  it('counts provider failures and the guide fallback after them, voice calls and turn latency', async () => {
    const metrics = new AppMetrics();
    const assistant = meteredAssistant(
      new FakeAssistant([
        [
          { type: 'crisis', level: 'crisis', resources: [] },
          { type: 'error', code: 'provider_unavailable', message: 'Sorry.' },
          { type: 'delta', text: 'Sorry.' },
          { type: 'delta', text: 'Here is what I found.' },
        ],
      ], { providerName: 'scripted' }),
      metrics,
    );
    await drain(assistant.reply({ history: [], userText: 'hi', signal: new AbortController().signal, channel: 'voice' }));
    metrics.voiceCall('started');
    metrics.voiceCall('refused');
    metrics.voiceTurn('replied', 640);
    metrics.providerFailure('flite', 'tts');
    const body = await metrics.registry.metrics();
    expect(body).toMatch(/^ellis_crisis_events_total\{level="crisis",channel="voice"\} 1$/m);
    expect(body).toMatch(/^ellis_provider_failures_total\{provider="scripted",stage="llm"\} 1$/m);
    expect(body).toMatch(/^ellis_provider_failures_total\{provider="flite",stage="tts"\} 1$/m);
    expect(body).toMatch(/^ellis_provider_fallbacks_total\{from="scripted",to="guide"\} 1$/m);
    expect(body).toMatch(/^ellis_voice_calls_total\{outcome="started"\} 1$/m);
    expect(body).toMatch(/^ellis_voice_calls_total\{outcome="refused"\} 1$/m);
    expect(body).toMatch(/^ellis_voice_turn_latency_seconds_bucket\{le="0.8",outcome="replied"\} 1$/m);
  });
});
