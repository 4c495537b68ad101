/**
 * The scenario suite (issue 13 point 8): needs × places across the nine Bay Area counties, chat and
 * voice, a few follow-up turns. Written before the engine was tuned and kept as a regression test.
 *
 * Scores (checks passed / checks run), recorded in docs/assistant-scenarios.md:
 * - before the work on issue 13 (SF links only, no places, no guides): 182/287 checks, 0/48 scenarios (2026-11-23, commit of this suite)
 * - after (guides, places, the directory over the fixture, voice rules): 287/287 checks, 48/48 scenarios
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AssistantChannel, AssistantEvent, AssistantTurn } from '../assistant.ts';
import { createContactFilter } from '../output-guard.ts';
import { createScenarioAssistant, scenarioAllowedContacts } from './scenario-kit.ts';

interface Expectation {
  county?: string;
  openNames?: string[];
  openFromQuery?: string;
  reachNow?: boolean;
  noPlaceQuestion?: boolean;
  asksPlace?: boolean;
  steps?: boolean;
  mentions?: string[];
}

interface Scenario {
  id: string;
  channel: AssistantChannel;
  turns: string[];
  at?: string;
  expect: Expectation;
}

const suite = JSON.parse(readFileSync(new URL('./scenarios.json', import.meta.url), 'utf8')) as { scenarios: Scenario[] };
const fixtureQueries = JSON.parse(readFileSync(new URL('../../../../../shared/data/bay-area-sample/queries.json', import.meta.url), 'utf8')) as {
  queries: Array<{ id: string; expect_open_names?: string[] }>;
};

const COUNTIES = ['Alameda', 'Contra Costa', 'Marin', 'Napa', 'San Francisco', 'San Mateo', 'Santa Clara', 'Solano', 'Sonoma'];
const PLACE_QUESTION = /\b(?:where are you|which (?:city|town|county|neighborhood)|what (?:city|town|county|neighborhood|area|zip)|zip code|where (?:do you|are you) (?:live|staying))\b/i;
const PRONOUNS: Record<string, string> = { i: 'you', "i'm": "you're", im: "you're", me: 'you', my: 'your', we: 'you', our: 'your', us: 'you' };

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z0-9']+/)
    .filter(Boolean);

/** A run of five of the person's words (turned toward them) repeated in the reply is an echo. */
function echoedRun(userText: string, reply: string): string | null {
  const said = words(userText).map((word) => PRONOUNS[word] ?? word);
  const replied = ` ${words(reply).join(' ')} `;
  for (let index = 0; index + 5 <= said.length; index += 1) {
    const run = said.slice(index, index + 5).join(' ');
    if (replied.includes(` ${run} `)) return run;
  }
  return null;
}

const questions = (text: string) => text.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => sentence.trim().endsWith('?'));

async function conversation(scenario: Scenario): Promise<string> {
  const assistant = await createScenarioAssistant(scenario.at ? new Date(scenario.at) : new Date('2026-11-24T12:00:00-08:00'));
  const history: AssistantTurn[] = [];
  let reply = '';
  for (const userText of scenario.turns) {
    const events: AssistantEvent[] = [];
    for await (const event of assistant.reply({ history, userText, signal: new AbortController().signal, channel: scenario.channel })) {
      events.push(event);
    }
    reply = events.map((event) => (event.type === 'delta' ? event.text : '')).join('');
    history.push({ role: 'user', content: userText }, { role: 'assistant', content: reply });
  }
  return reply;
}

/** Every check of one scenario, by name: true when it passed. */
function check(scenario: Scenario, reply: string, allowedFilter: (text: string) => string): Record<string, boolean> {
  const { expect: want } = scenario;
  const results: Record<string, boolean> = {};
  const lower = reply.toLowerCase();
  results.noInventedContact = allowedFilter(reply) === reply;
  results.noEcho = scenario.turns.every((turn) => echoedRun(turn, reply) === null);
  results.oneQuestionAtMost = questions(reply).length <= 1;
  if (scenario.channel === 'voice') {
    results.voiceNoLinks = !/https?:\/\/|www\.|\b[a-z0-9-]+\.(?:org|gov|com|net)\b/i.test(reply);
    results.voiceNoAbove = !/\babove\b/i.test(reply);
  }
  if (want.county) {
    const first = COUNTIES.map((county) => ({ county, index: reply.indexOf(county) }))
      .filter((entry) => entry.index >= 0)
      .sort((a, b) => a.index - b.index)[0];
    results.county = first?.county === want.county;
  }
  const openNames = want.openNames ?? fixtureQueries.queries.find((query) => query.id === want.openFromQuery)?.expect_open_names;
  if (openNames && openNames.length > 0) results.openNow = openNames.some((name) => reply.includes(name));
  if (want.reachNow) results.reachNow = /\b211\b|\b2 1 1\b|\(\d{3}\) \d{3}-\d{4}|\b\d{3}-\d{3}-\d{4}\b|(?:\d[ ,]+){6,}\d/.test(reply);
  if (want.noPlaceQuestion) results.noPlaceQuestion = !questions(reply).some((question) => PLACE_QUESTION.test(question));
  if (want.asksPlace) results.asksPlace = questions(reply).length === 1 && PLACE_QUESTION.test(questions(reply)[0] ?? '');
  if (want.steps) {
    results.steps =
      scenario.channel === 'voice'
        ? /\bfirst\b/i.test(reply) && /\b(?:then|next|second)\b/i.test(reply)
        : /^1\. /m.test(reply) && /^2\. /m.test(reply);
  }
  for (const mention of want.mentions ?? []) results[`mentions ${mention}`] = lower.includes(mention.toLowerCase());
  return results;
}

describe('assistant scenario suite', () => {
  const outcomes: Array<{ id: string; failed: string[]; passed: number; total: number }> = [];

  it.each(suite.scenarios.map((scenario) => [scenario.id, scenario] as const))('%s', async (_id, scenario) => {
    const reply = await conversation(scenario);
    const results = check(scenario, reply, createContactFilter(await scenarioAllowedContacts()));
    const failed = Object.entries(results)
      .filter(([, passed]) => !passed)
      .map(([name]) => name);
    outcomes.push({ id: scenario.id, failed, passed: Object.keys(results).length - failed.length, total: Object.keys(results).length });
    expect(failed, `reply was:\n${reply}`).toEqual([]);
  });

  it('has at least 40 scenarios over all nine counties, chat and voice', () => {
    expect(suite.scenarios.length).toBeGreaterThanOrEqual(40);
    for (const county of COUNTIES) expect(suite.scenarios.some((scenario) => scenario.expect.county === county), county).toBe(true);
    expect(new Set(suite.scenarios.map((scenario) => scenario.channel))).toEqual(new Set(['chat', 'voice']));
    const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
    const total = outcomes.reduce((sum, outcome) => sum + outcome.total, 0);
    const clean = outcomes.filter((outcome) => outcome.failed.length === 0).length;
    // The score, printed for docs/assistant-scenarios.md.
    console.info(`scenario score: ${passed}/${total} checks, ${clean}/${outcomes.length} scenarios fully passed`);
  });
});
