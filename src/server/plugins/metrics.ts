import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Assistant, AssistantEvent } from '../assistant/assistant.ts';
import { metricsTextSchema } from '../../shared/api-contracts.ts';

/**
 * prom-client's defaults include three gauges named like counters; `promtool check metrics` rejects
 * them, and the same numbers are in nodejs_active_{handles,requests,resources} by type anyway.
 */
const MISNAMED_DEFAULT_GAUGES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** Everything Ellis counts besides request durations; modules get this object, not prom-client. */
export class AppMetrics {
  readonly registry = new Registry();
  readonly #requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly #requestErrors: Counter<'code'>;
  readonly #crisisEvents: Counter<'level' | 'channel'>;
  readonly #providerFailures: Counter<'provider' | 'stage'>;
  readonly #providerFallbacks: Counter<'from' | 'to'>;
  readonly #voiceCalls: Counter<'outcome'>;
  readonly #voiceTurnLatency: Histogram<'outcome'>;

  constructor() {
    const registers = [this.registry];
    const counter = <Label extends string>(name: string, help: string, labelNames: Label[]) =>
      new Counter<Label>({ name, help, labelNames, registers });
    collectDefaultMetrics({ register: this.registry });
    for (const name of MISNAMED_DEFAULT_GAUGES) this.registry.removeSingleMetric(name);
    this.#requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#requestErrors = counter('ellis_request_errors_total', 'Requests answered with an error body, by error code', ['code']);
    this.#crisisEvents = counter('ellis_crisis_events_total', 'Crisis replies sent by the safety layer, by level and channel', ['level', 'channel']);
    this.#providerFailures = counter('ellis_provider_failures_total', 'Failures of an AI provider (language model, speech recognition, speech synthesis, voice detection)', ['provider', 'stage']);
    this.#providerFallbacks = counter('ellis_provider_fallbacks_total', 'Replies the built-in guide gave because the configured provider failed', ['from', 'to']);
    this.#voiceCalls = counter('ellis_voice_calls_total', 'Voice calls asked for, by outcome (started or refused)', ['outcome']);
    this.#voiceTurnLatency = new Histogram({
      name: 'ellis_voice_turn_latency_seconds',
      help: 'From the end of the caller\'s speech to the first reply audio, by turn outcome',
      labelNames: ['outcome'],
      buckets: [0.1, 0.25, 0.5, 0.8, 1.1, 1.5, 2, 3, 5, 10],
      registers,
    });
  }

  observeRequest(labels: { method: string; route: string; status_code: string }, seconds: number): void {
    this.#requestDuration.observe(labels, seconds);
  }

  requestError(code: string): void {
    this.#requestErrors.inc({ code });
  }

  crisisEvent(level: string, channel: string): void {
    this.#crisisEvents.inc({ level, channel });
  }

  providerFailure(provider: string, stage: string): void {
    this.#providerFailures.inc({ provider, stage });
  }

  providerFallback(from: string, to: string): void {
    this.#providerFallbacks.inc({ from, to });
  }

  voiceCall(outcome: 'started' | 'refused'): void {
    this.#voiceCalls.inc({ outcome });
  }

  voiceTurn(outcome: string, firstAudioMs: number | null): void {
    if (firstAudioMs !== null) this.#voiceTurnLatency.observe({ outcome }, firstAudioMs / 1000);
  }
}

/**
 * The assistant, counted: crisis events by level and channel, provider failures, and the guide's
 * fallback answers. Wrapping it here keeps counting out of the assistant's own code.
 */
export function meteredAssistant(assistant: Assistant, metrics: AppMetrics): Assistant {
  return {
    get providerName() {
      return assistant.providerName;
    },
    welcome: (options) => assistant.welcome(options),
    async *reply(request): AsyncGenerator<AssistantEvent> {
      let failed = false;
      let deltasAfterFailure = 0;
      for await (const event of assistant.reply(request)) {
        if (event.type === 'crisis') metrics.crisisEvent(event.level, request.channel);
        else if (event.type === 'error') {
          failed = true;
          metrics.providerFailure(assistant.providerName, 'llm');
        } else if (event.type === 'delta' && failed && ++deltasAfterFailure === 2) {
          // The apology is the first text after a failure; the guide's grounded answer follows it (DESIGN §7.3).
          metrics.providerFallback(assistant.providerName, 'guide');
        }
        yield event;
      }
    },
  };
}

/** Prometheus metrics: request durations by route pattern (never the raw URL) and status. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const metricsSchema = { summary: 'Prometheus metrics.', produces: 'text/plain; version=0.0.4', response: { 200: metricsTextSchema } };
  app.get('/metrics', { schema: metricsSchema }, async (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store');
    return metrics.registry.metrics();
  });
}
