/**
 * "A turn always ends with an answer" (SPEC §8), kept here for every channel: chat, voice, the
 * phone line and the test chat read the assistant through this. The assistant answers the failures
 * it can explain itself (a provider that fails: SPEC §8's apology, then the guide); what is left is
 * an assistant that throws, or a reply without a word. Either way the caller gets an
 * `assistant_failed` error event and the apology as text, after a blank line when part of the reply
 * was already given.
 */
import { CHAT_ERROR_TEXT } from '../../shared/chat-limits.ts';
import type { AssistantEvent } from './assistant.ts';

const PARAGRAPH = '\n\n';

export interface AnswerOptions {
  /** Aborting stops the reply at once, even when the provider is slow to notice; nothing is added. */
  signal: AbortSignal;
  /** Told once when the apology was added: with what the assistant threw, or null when it said nothing. */
  onUnanswered?: (error: unknown) => void;
}

/** The assistant's events, then the apology when the reply failed or was empty. */
export async function* answeredReply(events: AsyncIterable<AssistantEvent>, options: AnswerOptions): AsyncGenerator<AssistantEvent> {
  const { signal } = options;
  const iterator = events[Symbol.asyncIterator]();
  let said = false;
  // An error event comes with the assistant's own apology; nothing needs adding after it.
  let answeredFailure = false;
  let finished = false;
  try {
    for (;;) {
      const next = await nextOrAbort(iterator, signal);
      if (next === ABORTED) return;
      if (next.done) break;
      const event = next.value;
      if (event.type === 'delta' && event.text !== '') said = true;
      if (event.type === 'error') answeredFailure = true;
      yield event;
    }
    finished = true;
  } catch (error) {
    finished = true;
    if (signal.aborted) return;
    options.onUnanswered?.(error);
    yield* apology(said);
    return;
  } finally {
    // Aborted, or the reader stopped early: end the provider call; what was said stays said.
    if (!finished) void iterator.return?.()?.catch(() => undefined);
  }
  if (signal.aborted || said || answeredFailure) return;
  options.onUnanswered?.(null);
  yield* apology(false);
}

function* apology(afterText: boolean): Generator<AssistantEvent> {
  yield { type: 'error', code: 'assistant_failed', message: CHAT_ERROR_TEXT };
  yield { type: 'delta', text: afterText ? `${PARAGRAPH}${CHAT_ERROR_TEXT}` : CHAT_ERROR_TEXT };
}

const ABORTED = Symbol('aborted');

/** The iterator's next result, or ABORTED as soon as the signal fires (a provider may be slow to notice). */
function nextOrAbort<T>(iterator: AsyncIterator<T>, signal: AbortSignal): Promise<IteratorResult<T> | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
