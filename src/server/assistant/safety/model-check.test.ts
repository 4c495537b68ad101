import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtocolServer, type ProtocolServer } from '../../providers/llm/testing/llm-test-servers.ts';
import { createOpenAiLlmProvider } from '../../providers/llm/openai-llm-provider.ts';
import type { AssistantEvent } from '../assistant.ts';
import { createEllisAssistant } from '../ellis-assistant.ts';
import { createModelCheck, MODEL_CHECK_PROMPT, parseModelVerdict, type ModelCheckOutcome } from './model-check.ts';
import type { RiskState } from './risk-state.ts';

let checkServer: ProtocolServer;
let replyServer: ProtocolServer;

beforeAll(async () => {
  checkServer = await startProtocolServer('openai');
  replyServer = await startProtocolServer('openai');
});
afterAll(async () => {
  await checkServer.close();
  await replyServer.close();
});

function provider(server: ProtocolServer) {
  return createOpenAiLlmProvider({ baseUrl: server.baseUrl, apiKey: 'sk-local', model: 'local', timeoutMs: 5000 });
}

function check(timeoutMs = 2000) {
  const outcomes: ModelCheckOutcome[] = [];
  const modelCheck = createModelCheck({ provider: provider(checkServer), timeoutMs, onOutcome: (outcome) => outcomes.push(outcome) });
  return { modelCheck, outcomes };
}

const TURNS = [{ role: 'user' as const, content: 'everything is what it is' }];

describe('the model check against a local OpenAI-compatible server', () => {
  it('sends the fixed classification prompt with the recent turns and reads a scripted verdict', async () => {
    const { modelCheck, outcomes } = check();
    checkServer.play({ deltas: ['{"level": "cri', 'sis", "kinds": ["suicide", "made-up"]}'] });
    const verdict = await modelCheck.check(TURNS, new AbortController().signal);
    expect(verdict).toEqual({ level: 'crisis', kinds: ['suicide'] });
    expect(outcomes).toEqual(['verdict']);
    const body = checkServer.requests.at(-1)?.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages[0]).toEqual({ role: 'system', content: MODEL_CHECK_PROMPT });
    expect(body.messages[1]?.content).toContain('"content":"everything is what it is"');
  });

  it('says nothing on garbage, a level it does not know, or an error status', async () => {
    const { modelCheck, outcomes } = check();
    checkServer.play({ deltas: ['I think they are fine!'] });
    expect(await modelCheck.check(TURNS, new AbortController().signal)).toBeNull();
    checkServer.play({ deltas: ['{"level": "panic"}'] });
    expect(await modelCheck.check(TURNS, new AbortController().signal)).toBeNull();
    checkServer.play({ deltas: ['x'], status: 500 });
    expect(await modelCheck.check(TURNS, new AbortController().signal)).toBeNull();
    expect(outcomes).toEqual(['garbage', 'garbage', 'error']);
  });

  it('gives up on a slow answer at its time limit', async () => {
    const { modelCheck, outcomes } = check(300);
    checkServer.play({ deltas: ['{"level":'], hangAfter: 1 });
    const started = performance.now();
    expect(await modelCheck.check(TURNS, new AbortController().signal)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcomes).toEqual(['timeout']);
  });

  it('parses only the verdict shape', () => {
    expect(parseModelVerdict('sure: {"level":"concern","kinds":[]} ok')).toEqual({ level: 'concern', kinds: [] });
    expect(parseModelVerdict('{"level":"none","kinds":["suicide"]}')).toEqual({ level: 'none', kinds: [] });
    expect(parseModelVerdict('{level: crisis}')).toBeNull();
  });
});

describe('the assistant with the model check beside the reply', () => {
  async function run(userText: string, checkScenario: Parameters<ProtocolServer['play']>[0], timeoutMs = 2000) {
    const { modelCheck } = check(timeoutMs);
    const assistant = createEllisAssistant({ provider: provider(replyServer), phoneNumber: null, modelCheck, guideChunkDelayMs: 0 });
    checkServer.play(checkScenario);
    replyServer.play({ deltas: ['I hear ', 'you.'] });
    const states: RiskState[] = [];
    const events: AssistantEvent[] = [];
    for await (const event of assistant.reply({
      history: [],
      userText,
      signal: new AbortController().signal,
      channel: 'chat',
      onRiskState: (state) => states.push(state),
    })) {
      events.push(event);
    }
    return { events, states };
  }

  it('raises the level when the model sees a crisis the rules did not, with the fixed reply', async () => {
    const { events, states } = await run('everything is what it is', { deltas: ['{"level":"crisis","kinds":["suicide"]}'] });
    const crisis = events.find((event) => event.type === 'crisis');
    expect(crisis).toMatchObject({ type: 'crisis', level: 'crisis', kinds: ['suicide'] });
    expect(events.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toContain('call or text 988');
    expect(states.at(-1)?.level).toBe('crisis');
  });

  it('can only raise: a "none" from the model leaves the rules\' crisis, and the crisis event still comes first', async () => {
    const { events, states } = await run('I want to kill myself', { deltas: ['{"level":"none","kinds":[]}'] });
    expect(events[0]).toMatchObject({ type: 'crisis', level: 'crisis' });
    expect(states.at(-1)?.level).toBe('crisis');
  });

  it('fails safe on a slow or garbled check: the reply and the rules stand', async () => {
    const slow = await run('where can I get food', { deltas: ['{"level":'], hangAfter: 1 }, 300);
    expect(slow.events.some((event) => event.type === 'crisis')).toBe(false);
    expect(slow.states.at(-1)?.level).toBe('none');
    const garbled = await run('where can I get food', { deltas: ['CRISIS!!!'] });
    expect(garbled.events.some((event) => event.type === 'crisis')).toBe(false);
  });
});
