import { describe, expect, it } from 'vitest';
import { MemorySharedState } from '../../providers/shared-state/memory-shared-state.ts';
import { SharedCallLimiter } from '../voice/shared-call-limiter.ts';
import { TelephonyService } from './telephony-service.ts';

/** Two instances behind one load balancer: the webhook, the stream and the action can each reach either. */
function twoInstances(maxCalls = 2) {
  const state = new MemorySharedState();
  const make = () =>
    new TelephonyService({
      authToken: 'token',
      humanHandoffNumber: '211',
      publicUrl: 'https://ellis.example',
      callLimiter: new SharedCallLimiter(state, 'voice-calls', maxCalls),
      state,
    });
  return { first: make(), second: make() };
}

function callTokenOf(twiml: string): string {
  const token = /name="callToken" value="([^"]+)"/.exec(twiml)?.[1];
  if (!token) throw new Error(`no call token in ${twiml}`);
  return token;
}

describe('TelephonyService across instances', () => {
  it('a call answered by one instance streams on the other, once', async () => {
    const { first, second } = twoInstances();
    const token = callTokenOf(await first.answerCall('CA1'));
    expect(await second.claimStream('CA1', token)).toBe('claimed');
    expect(await first.claimStream('CA1', token)).toBe('refused');
    expect(await second.claimStream('CA2', token)).toBe('refused');
  });

  it('a handoff decided by the instance with the stream is dialled by the one Twilio asks', async () => {
    const { first, second } = twoInstances();
    await first.handOff('CA1', { kind: '988' });
    expect(await second.afterStream('CA1')).toContain('<Dial>988</Dial>');
    expect(await first.afterStream('CA1')).not.toContain('<Dial>');
  });

  it('a full line is said at the answer, and a stream that finds it full goes to 211', async () => {
    const { first, second } = twoInstances(1);
    const token = callTokenOf(await first.answerCall('CA1'));
    expect(await second.claimStream('CA1', token)).toBe('claimed');
    expect(await first.answerCall('CA2')).not.toContain('<Stream');
    await second.releaseStream();
    const late = callTokenOf(await first.answerCall('CA3'));
    expect(await second.claimStream('CA4', late)).toBe('refused');
  });
});
