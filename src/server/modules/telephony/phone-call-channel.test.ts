import { describe, expect, it } from 'vitest';
import { PhoneCallChannel } from './phone-call-channel.ts';
import { handoffAnnouncement, PHONE_CRISIS_OFFER, PHONE_IMMEDIATE_DANGER, PHONE_NO_MORE_OPTIONS, PHONE_NOTHING_TO_REPEAT, PHONE_REPEAT_OFFER, type HandoffTarget } from './phone-speech.ts';

function channel(humanHandoffNumber = '211') {
  const handoffs: HandoffTarget[] = [];
  return { channel: new PhoneCallChannel({ humanHandoffNumber, onHandoff: (target) => handoffs.push(target) }), handoffs };
}

/** Runs one reply through the channel's shaper, as the speaker would. */
function reply(phone: PhoneCallChannel, sentences: string[]): string[] {
  const shaper = phone.replyShaper();
  const spoken = sentences.map((sentence) => shaper.sentence(sentence)).filter((text) => text !== '');
  const closing = shaper.finish();
  return closing === '' ? spoken : [...spoken, closing];
}

describe('PhoneCallChannel', () => {
  it('repeats the last reply and reads the other options one at a time', () => {
    const { channel: phone } = channel();
    expect(phone.answerTurn('repeat')).toEqual({ say: PHONE_NOTHING_TO_REPEAT, endCall: false });
    reply(phone, ['Here are two places:', '- GLIDE, 330 Ellis Street.', '- St. Anthony Foundation, 150 Golden Gate Avenue.']);
    expect(phone.answerTurn('say that again')).toEqual({
      say: 'Here are two places: GLIDE, 3 3 0 Ellis Street. I have one more option. To hear it, say next. To hear that again, say repeat.',
      endCall: false,
    });
    expect(phone.answerTurn('next')).toEqual({ say: `St. Anthony Foundation, 1 5 0 Golden Gate Avenue. ${PHONE_REPEAT_OFFER}`, endCall: false });
    expect(phone.answerTurn('repeat')?.say).toBe(`St. Anthony Foundation, 1 5 0 Golden Gate Avenue. ${PHONE_REPEAT_OFFER}`);
    expect(phone.answerTurn('next')).toEqual({ say: PHONE_NO_MORE_OPTIONS, endCall: false });
    expect(phone.answerTurn('I need food')).toBeNull();
  });

  it('hands off to 211, or to the configured line, and to 988 once a crisis was seen', () => {
    const plain = channel();
    expect(plain.channel.answerTurn('can I talk to a person')).toEqual({ say: handoffAnnouncement({ kind: '211' }), endCall: true });
    expect(plain.handoffs).toEqual([{ kind: '211' }]);

    const configured = channel('+14155550123');
    expect(configured.channel.handOff()).toBe(handoffAnnouncement({ kind: 'human', number: '+14155550123' }));
    expect(configured.handoffs).toEqual([{ kind: 'human', number: '+14155550123' }]);

    const crisis = channel('+14155550123');
    expect(crisis.channel.onCrisis('crisis')).toBeNull();
    expect(reply(crisis.channel, ["I'm really glad you told me."])).toEqual(["I'm really glad you told me.", PHONE_CRISIS_OFFER]);
    crisis.channel.handOff();
    expect(crisis.handoffs).toEqual([{ kind: '988' }]);
  });

  it('says to hang up and call 911 first in immediate danger', () => {
    const { channel: phone } = channel();
    expect(phone.onCrisis('immediate-danger')).toBe(PHONE_IMMEDIATE_DANGER);
  });
});
