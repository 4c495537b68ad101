import { setTimeout as sleep } from 'node:timers/promises';
import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from '../llm-provider.ts';
import { guardStream } from '../stream-guard.ts';

/** One step of a scripted reply. */
export type FakeLlmStep =
  | { chatId: string }
  | { delta: string }
  | { delayMs: number }
  /** Fails the way a real adapter would: `status` as a non-OK answer, `network` as a dropped connection. */
  | { fail: 'status' | 'no-body' | 'network' | 'stream-error' | 'unexpected'; status?: number }
  /** Waits until the call is aborted or times out, like a provider that stopped answering. */
  | { hang: true };

export type FakeLlmScript = readonly FakeLlmStep[];

export interface FakeLlmProvider extends LlmProvider {
  /** Every request received, in order. */
  readonly requests: LlmRequest[];
  /** Calls whose script has stopped playing (finished, failed, aborted or timed out). */
  readonly finishedCalls: number;
  /** Queues the script of the next call; without one queued, the default script plays. */
  enqueue(script: FakeLlmScript): void;
}

export interface FakeLlmOptions {
  /** Played when nothing is queued. */
  defaultScript?: FakeLlmScript;
  timeoutMs?: number;
}

/** A provider for tests: plays scripts of deltas, delays, failures and hangs through the shared guard. */
export function createFakeLlmProvider(options: FakeLlmOptions = {}): FakeLlmProvider {
  const queue: FakeLlmScript[] = [];
  const requests: LlmRequest[] = [];
  const defaultScript = options.defaultScript ?? scriptFromText('I hear you.');
  let finishedCalls = 0;
  const onFinished = () => {
    finishedCalls += 1;
  };
  return {
    name: 'fake',
    requests,
    get finishedCalls() {
      return finishedCalls;
    },
    enqueue(script) {
      queue.push(script);
    },
    stream(request) {
      requests.push(request);
      const script = queue.shift() ?? defaultScript;
      return guardStream((signal) => play(script, signal, onFinished), {
        signal: request.signal,
        timeoutMs: options.timeoutMs ?? 30_000,
        classify: (error) => new LlmError('failed', 'unexpected', 'The fake provider failed', { cause: error }),
      });
    },
  };
}

async function* play(script: FakeLlmScript, signal: AbortSignal, onFinished: () => void): AsyncGenerator<LlmEvent> {
  try {
    for (const step of script) {
      if ('chatId' in step) yield { type: 'chat-id', chatId: step.chatId };
      else if ('delta' in step) yield { type: 'delta', text: step.delta };
      else if ('delayMs' in step) await sleep(step.delayMs, undefined, { signal });
      else if ('hang' in step) await sleep(2 ** 31 - 1, undefined, { signal });
      else throw fakeFailure(step.fail, step.status);
    }
  } finally {
    onFinished();
  }
}

function fakeFailure(fail: Extract<FakeLlmStep, { fail: string }>['fail'], status = 503): LlmError {
  switch (fail) {
    case 'status':
      return new LlmError('unavailable', 'status', `Fake provider answered ${status}`, { status });
    case 'no-body':
      return new LlmError('unavailable', 'no-body', 'Fake provider sent no stream');
    case 'network':
      return new LlmError('unavailable', 'network', 'Fake provider connection dropped');
    case 'stream-error':
      return new LlmError('unavailable', 'stream-error', 'Fake provider reported an error');
    case 'unexpected':
      return new LlmError('failed', 'unexpected', 'Fake provider failed unexpectedly');
  }
}

/** A script that streams `text` word by word, as a model would. */
export function scriptFromText(text: string, options: { chatId?: string; delayMs?: number } = {}): FakeLlmScript {
  const steps: FakeLlmStep[] = options.chatId ? [{ chatId: options.chatId }] : [];
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (options.delayMs) steps.push({ delayMs: options.delayMs });
    steps.push({ delta: piece });
  }
  return steps;
}
