/**
 * The `data:` payloads of a server-sent event stream, one per line, in order. Both OpenAI-style
 * servers and Vapi's /chat send one JSON document per `data:` line; comments, `event:` and other
 * fields carry nothing the adapters need.
 */
export async function* sseDataLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      const data = dataOf(line);
      if (data !== null) yield data;
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
  buffer += decoder.decode();
  const data = dataOf(buffer);
  if (data !== null) yield data;
}

function dataOf(line: string): string | null {
  if (!line.startsWith('data:')) return null;
  return line.slice(line.startsWith('data: ') ? 6 : 5);
}

/** JSON.parse that answers null for a line that is not JSON: such lines are skipped (SPEC §7). */
export function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
