import { LlmError, type LlmEvent } from './llm-provider.ts';

export interface GuardedStreamOptions {
  /** The caller's signal: aborting ends the stream quietly. */
  signal: AbortSignal;
  /** Longest wait for the next event (the first one included) before giving up. */
  timeoutMs: number;
  /** Turns an adapter's own failure into an LlmError; LlmErrors pass through unchanged. */
  classify: (error: unknown) => LlmError;
}

/**
 * The behaviour every adapter shares, in one place so they cannot drift apart: an idle timeout
 * (a reply that is slow but flowing is fine; a silent provider is not), a quiet end on abort, and
 * an `empty_response` error when the stream ends without any text.
 *
 * `open` gets a signal that fires on abort or timeout; the adapter passes it to its HTTP call so
 * the connection is closed, and the race below ends the wait even if the source ignores it.
 */
export async function* guardStream(
  open: (signal: AbortSignal) => AsyncIterable<LlmEvent>,
  options: GuardedStreamOptions,
): AsyncGenerator<LlmEvent> {
  const { signal, timeoutMs } = options;
  if (signal.aborted) return;
  const connection = new AbortController();
  let timedOut = false;
  let text = '';
  let iterator: AsyncIterator<LlmEvent> | null = null;
  let stopWaiting: (() => void) | null = null;
  const stopOnAbort = () => {
    connection.abort(signal.reason);
    stopWaiting?.();
  };
  signal.addEventListener('abort', stopOnAbort, { once: true });
  try {
    iterator = open(connection.signal)[Symbol.asyncIterator]();
    for (;;) {
      if (signal.aborted) return;
      const waited = await nextOrStop(iterator, timeoutMs, (stop) => (stopWaiting = stop));
      if (waited === 'aborted' || signal.aborted) return;
      if (waited === 'timeout') {
        timedOut = true;
        connection.abort(new Error('provider timeout'));
        throw new LlmError('unavailable', 'timeout', `No answer from the provider within ${timeoutMs} ms`);
      }
      if (waited.done) break;
      const event = waited.value;
      if (event.type === 'delta') {
        if (event.text === '') continue;
        text += event.text;
      }
      yield event;
    }
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof LlmError) throw error;
    if (timedOut) throw new LlmError('unavailable', 'timeout', `No answer from the provider within ${timeoutMs} ms`, { cause: error });
    throw options.classify(error);
  } finally {
    signal.removeEventListener('abort', stopOnAbort);
    if (!connection.signal.aborted) connection.abort(new Error('stream finished'));
    // A source stuck in an await cannot run its cleanup until that await settles, so the
    // connection abort above is what actually frees it; here we only ask it to finish.
    iterator?.return?.().then(undefined, ignoreCleanupFailure);
  }
  if (text.trim() === '') throw new LlmError('empty_response', 'empty', 'The provider sent no text');
}

function ignoreCleanupFailure(): void {
  // The stream is already over for the caller; a failure while closing changes nothing for them.
}

type Waited = IteratorResult<LlmEvent> | 'timeout' | 'aborted';

function nextOrStop(
  iterator: AsyncIterator<LlmEvent>,
  timeoutMs: number,
  registerStop: (stop: () => void) => void,
): Promise<Waited> {
  return new Promise<Waited>((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    registerStop(() => {
      clearTimeout(timer);
      resolve('aborted');
    });
    iterator.next().then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Network failures surface from fetch as TypeErrors ("fetch failed", "terminated"). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && /ECONNRE|EPIPE|socket|terminated|other side closed/i.test(error.message));
}
