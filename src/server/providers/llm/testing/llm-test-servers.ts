/**
 * Local HTTP servers that speak the vendors' streaming protocols, for the LLM contract tests
 * (DESIGN §10): an OpenAI-compatible `/v1/chat/completions` and a Vapi-style `/chat`. Each call
 * plays the next queued scenario, so one suite can drive every adapter through the same cases.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StreamScenario {
  /** Conversation id the provider names (Vapi only). */
  chatId?: string;
  deltas: readonly string[];
  /** Mixes comments, non-JSON lines and JSON without text into the stream. */
  malformedLines?: boolean;
  /** Answers with this non-OK status and a JSON error body instead of a stream. */
  status?: number;
  /** Destroys the connection after this many deltas. */
  dropAfter?: number;
  /** Stops sending (connection left open) after this many deltas; -1 = before the response head. */
  hangAfter?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Protocol = 'openai' | 'vapi';

export interface ProtocolServer {
  readonly protocol: Protocol;
  /** Base address to configure the adapter with (…/v1 for OpenAI, the origin for Vapi). */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  play(scenario: StreamScenario): void;
  /** Resolves when the server has seen as many closed calls as requested. */
  closedCalls(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startProtocolServer(protocol: Protocol): Promise<ProtocolServer> {
  const queue: StreamScenario[] = [];
  const requests: RecordedRequest[] = [];
  let closed = 0;
  const closeWaiters: Array<{ count: number; resolve: () => void }> = [];
  const noteClosed = () => {
    closed += 1;
    for (const waiter of closeWaiters.filter((candidate) => candidate.count <= closed)) {
      closeWaiters.splice(closeWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.on('close', noteClosed);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : null });
    const expectedPath = protocol === 'openai' ? '/v1/chat/completions' : '/chat';
    if (request.url !== expectedPath) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const scenario = queue.shift() ?? { deltas: ['Hello'] };
    if (scenario.hangAfter === -1) return;
    if (scenario.status) {
      response
        .writeHead(scenario.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.flushHeaders();
    const write = (line: string) => response.write(line);
    if (scenario.malformedLines) {
      write(': keep-alive\n\n');
      write('data: {this is not json\n\n');
    }
    if (protocol === 'openai') write(`data: ${JSON.stringify(openAiChunk({ role: 'assistant', content: '' }))}\n\n`);
    for (const [index, delta] of scenario.deltas.entries()) {
      if (scenario.dropAfter === index) {
        response.socket?.destroy();
        return;
      }
      if (scenario.hangAfter === index) return;
      if (protocol === 'openai') {
        write(`data: ${JSON.stringify(openAiChunk({ content: delta }))}\n\n`);
      } else {
        write(`data: ${JSON.stringify({ id: scenario.chatId ?? 'chat-generated', path: 'chat.output[0].content', delta })}\n\n`);
      }
      if (scenario.malformedLines && index === 0) {
        write('data: not json at all\n');
        write('event: ping\n');
        write(protocol === 'openai' ? 'data: {"choices":[]}\n\n' : 'data: {"id":"other-id","type":"status"}\n\n');
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (scenario.dropAfter === scenario.deltas.length) {
      response.socket?.destroy();
      return;
    }
    if (scenario.hangAfter === scenario.deltas.length) return;
    if (protocol === 'openai') {
      write(`data: ${JSON.stringify(openAiChunk({}, 'stop'))}\n\n`);
      write('data: [DONE]\n\n');
    } else {
      write(`data: ${JSON.stringify({ id: scenario.chatId ?? 'chat-generated', output: [{ role: 'assistant', content: scenario.deltas.join('') }] })}\n\n`);
    }
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    protocol,
    baseUrl: protocol === 'openai' ? `${origin}/v1` : origin,
    requests,
    play(scenario) {
      queue.push(scenario);
    },
    closedCalls(count) {
      if (closed >= count) return Promise.resolve();
      return new Promise((resolve) => closeWaiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function openAiChunk(delta: { role?: string; content?: string }, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** An address where nothing listens: a port that was just released. */
export async function unusedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
