import type { CrisisLevel } from '../../assistant/assistant.ts';
import type { CallChannel, ChannelAnswer } from '../voice/call-channel.ts';
import {
  asksForNext,
  asksForPerson,
  asksToRepeat,
  handoffAnnouncement,
  PHONE_CRISIS_OFFER,
  PHONE_IMMEDIATE_DANGER,
  PHONE_NO_MORE_OPTIONS,
  PHONE_NOTHING_TO_REPEAT,
  PHONE_REPEAT_OFFER,
  phoneMoreOptionsOffer,
  PhoneReplyShaper,
  type HandoffTarget,
  type ShapedReply,
} from './phone-speech.ts';

/**
 * The phone line's side of a call: replies shaped for the ear, "repeat" and "next" answered from
 * what was said, 911 said first in immediate danger, and the handoff to a person (988 once the
 * safety layer has seen a crisis in this call, otherwise HUMAN_HANDOFF_NUMBER).
 */
export class PhoneCallChannel implements CallChannel {
  readonly #humanHandoffNumber: string;
  readonly #onHandoff: (target: HandoffTarget) => void;
  #crisisSeen = false;
  #lastReply: ShapedReply | null = null;

  constructor(options: { humanHandoffNumber: string; onHandoff: (target: HandoffTarget) => void }) {
    this.#humanHandoffNumber = options.humanHandoffNumber;
    this.#onHandoff = options.onHandoff;
  }

  replyShaper(): PhoneReplyShaper {
    return new PhoneReplyShaper({
      closing: () => (this.#crisisSeen ? PHONE_CRISIS_OFFER : null),
      onDone: (reply) => (this.#lastReply = reply),
    });
  }

  onCrisis(level: CrisisLevel): string | null {
    this.#crisisSeen = true;
    return level === 'immediate-danger' ? PHONE_IMMEDIATE_DANGER : null;
  }

  answerTurn(userText: string): ChannelAnswer | null {
    if (asksForPerson(userText)) return { say: this.handOff(), endCall: true };
    if (asksToRepeat(userText)) {
      const reply = this.#lastReply;
      if (!reply || reply.spoken.length === 0) return { say: PHONE_NOTHING_TO_REPEAT, endCall: false };
      const offer = reply.moreOptions.length > 0 ? phoneMoreOptionsOffer(reply.moreOptions.length) : PHONE_REPEAT_OFFER;
      return { say: `${reply.spoken.join(' ')} ${offer}`, endCall: false };
    }
    if (asksForNext(userText) && this.#lastReply) {
      const option = this.#lastReply.moreOptions.shift();
      if (option === undefined) return { say: PHONE_NO_MORE_OPTIONS, endCall: false };
      this.#lastReply = { spoken: [option], moreOptions: this.#lastReply.moreOptions };
      const left = this.#lastReply.moreOptions.length;
      return { say: `${option} ${left > 0 ? phoneMoreOptionsOffer(left) : PHONE_REPEAT_OFFER}`, endCall: false };
    }
    return null;
  }

  /** The caller asked for a person (a word or the 0 key): where they go, and what Ellis says first. */
  handOff(): string {
    const target: HandoffTarget = this.#crisisSeen
      ? { kind: '988' }
      : this.#humanHandoffNumber === '211'
        ? { kind: '211' }
        : { kind: 'human', number: this.#humanHandoffNumber };
    this.#onHandoff(target);
    return handoffAnnouncement(target);
  }
}
