import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../assistant.ts';
import { questionText, replyWords } from '../crisis-reply.ts';
import { INITIAL_RISK_STATE, parseRiskState, type RiskState } from './risk-state.ts';
import { createSafetyLayer } from './safety-layer.ts';

const layer = createSafetyLayer();
/** The rules alone, where a test is about the state machine rather than about what the classifier reads. */
const rulesOnly = createSafetyLayer({ classify: null });

/** Plays a conversation through the layer as chat does: the state carried from turn to turn. */
function play(userTurns: readonly string[], safety = layer) {
  let state: RiskState = INITIAL_RISK_STATE;
  const history: AssistantTurn[] = [];
  const decisions = [];
  for (const userText of userTurns) {
    const decision = safety.assess({ history, userText, state });
    decisions.push(decision);
    state = decision.state;
    const words = replyWords(state.language);
    const reply = decision.ask ? questionText(words, decision.ask) : 'ok';
    history.push({ role: 'user', content: userText }, { role: 'assistant', content: reply });
  }
  return { decisions, state, history };
}

describe('risk as a state of the conversation', () => {
  it('asks the screening question at concern and reads "kinda" as its answer: crisis', () => {
    const { decisions } = play(['i feel so hopeless lately', 'kinda']);
    expect(decisions[0]).toMatchObject({ ask: 'screening', alert: null, state: { level: 'concern', asked: 'screening' } });
    expect(decisions[1]).toMatchObject({ alert: { level: 'crisis', kinds: ['suicide'] }, state: { level: 'crisis' } });
  });

  it.each(['yes', 'idk', 'maybe', 'i dont know', 'sometimes', 'si', 'a veces', 'oo', 'co', '有时候'])('reads "%s" to the screening question as yes', (answer) => {
    const { decisions } = play(['i feel so hopeless lately', answer]);
    expect(decisions[1]?.state.level).toBe('crisis');
  });

  it('stays attentive after a clear no, and says so', () => {
    const { decisions } = play(['i feel so hopeless lately', 'no, not at all, just tired of being broke']);
    expect(decisions[1]).toMatchObject({ alert: null, screenedNo: true, state: { level: 'concern', asked: null } });
  });

  it('reads "no" to "are you safe right now?" as danger', () => {
    const { decisions } = play(['my boyfriend yells at me and i feel trapped', 'no'], rulesOnly);
    expect(decisions[0]?.ask).not.toBeNull();
    const first = decisions[0]!;
    if (first.ask === 'safety-check') expect(decisions[1]?.state.level).toBe('crisis');
  });

  it('never steps down in the turn right after it rose; steps down when the person says they are safe', () => {
    const { decisions } = play(['I want to kill myself', "i'm safe now", "i'm safe now", 'thanks']);
    expect(decisions.map((decision) => decision.state.level)).toEqual(['crisis', 'crisis', 'concern', 'concern']);
  });

  it('steps down after three quiet turns on another topic', () => {
    const { decisions } = play(['i feel so hopeless', 'no', 'where can i get food', 'what time do they open', 'is it free', 'thanks']);
    expect(decisions.at(-1)?.state.level).toBe('none');
  });

  it('sees a plan told in pieces across turns', () => {
    const { decisions } = play(['i feel hopeless', 'i have been saving my pills', 'tonight']);
    expect(decisions.map((decision) => decision.state.level).at(-1)).toBe('immediate-danger');
  });

  it('hears a goodbye after growing hopelessness', () => {
    const { decisions } = play(['nothing will ever get better', 'no', 'thank you for everything, goodbye']);
    expect(decisions[2]?.alert?.level).toBe('crisis');
  });

  it('answers talk about danger with information, never an alarm', () => {
    for (const text of ['how does 988 work?', 'back in 2019 I tried to kill myself, I am doing much better now', 'what are the warning signs of suicide in teens']) {
      const decision = layer.assess({ history: [], userText: text });
      expect(decision.alert).toBeNull();
    }
    expect(layer.assess({ history: [], userText: 'how does 988 work?' }).aboutDanger).toBe(true);
  });

  it('rebuilds the same state from the turns when none is stored (test chat, voice)', () => {
    const { state, history } = play(['i feel so hopeless lately']);
    const rebuilt = layer.assess({ history, userText: 'kinda' });
    const carried = layer.assess({ history, userText: 'kinda', state });
    expect(rebuilt).toEqual(carried);
    expect(rebuilt.state.level).toBe('crisis');
  });

  it('does not trust a question it never asked when rebuilding from turns', () => {
    const history: AssistantTurn[] = [
      { role: 'user', content: 'i feel so hopeless lately' },
      { role: 'assistant', content: 'That sounds hard.' },
    ];
    expect(layer.assess({ history, userText: 'yes' }).state.level).toBe('concern');
  });

  it('lets either layer raise: the classifier alarms alone, but asks when the rules read talk about danger or the message is a word or two', () => {
    const sure = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['suicide'], language: 'en', score: 0.9 }) });
    expect(sure.readMessage('my cat is gone for good now')).toMatchObject({ level: 'crisis', kinds: ['suicide'] });
    expect(sure.readMessage('how does 988 work?').level).toBe('concern');
    expect(sure.readMessage('ayoko na').level).toBe('concern');
    const unsure = createSafetyLayer({ classify: () => ({ level: 'concern', kinds: ['suicide'], language: 'en', score: 0.5 }) });
    expect(unsure.readMessage('my cat is gone for good now').level).toBe('concern');
    const quiet = createSafetyLayer({ classify: () => ({ level: 'none', kinds: [], language: 'en', score: 0.05 }) });
    // The rules alone would alarm; a classifier that sees nothing turns it into a question, when the
    // message is long enough for its silence to mean something (decision 083).
    expect(createSafetyLayer({ classify: null }).readMessage('honestly some days I want to die and be done with all of it').level).toBe('crisis');
    expect(quiet.readMessage('honestly some days I want to die and be done with all of it').level).toBe('concern');
    expect(quiet.readMessage('My friend overdosed at the camp earlier').level).toBe('concern');
    // Too short for its silence to mean anything (a bare opening line that says it is now: decision 100 does not ask).
    expect(quiet.readMessage('I want to die tonight').level).toBe('immediate-danger');
    expect(quiet.readMessage('我而家真係唔想活').level).toBe('immediate-danger');
    const doubtful = createSafetyLayer({ classify: () => ({ level: 'none', kinds: [], language: 'en', score: 0.2 }) });
    expect(doubtful.readMessage('My friend overdosed, help').level).toBe('immediate-danger');
    expect(doubtful.readMessage('I want to die tonight').level).toBe('immediate-danger');
  });

  // Decision 100: a bare opening line says too little to tell a crisis now from the start of a story.
  it('asks first about a bare opening line, and lets the answer decide', () => {
    const asked = play(['i want to die', 'yes']);
    expect(asked.decisions[0]).toMatchObject({ ask: 'screening', alert: null, state: { level: 'concern' } });
    expect(asked.decisions[1]).toMatchObject({ alert: { level: 'crisis' }, state: { level: 'crisis' } });
    const joking = play(['i want to die', "lol of embarrassment, i just called my caseworker 'mom' on the phone", 'is the housing workshop still on thursday']);
    expect(joking.decisions.map((decision) => decision.state.level)).toEqual(['concern', 'concern', 'concern']);
    const past = play(['i was raped', 'yes, it was 12 years ago. ive done a lot of therapy and im in a good place']);
    expect(past.decisions[0]).toMatchObject({ ask: 'safety-check', alert: null });
    expect(past.decisions[1]?.alert).toBeNull();
  });

  it.each(['took 30 pills', 'hes choking me', 'i want to die tonight', 'kms fr', 'fire in our tent', '我吃了很多药'])('acts at once on a bare opening line that says it is now: %s', (text) => {
    expect(play([text]).decisions[0]?.alert).not.toBeNull();
  });

  it("asks about someone else's attempt told as done, and does not read \"she's fine now\" again with it", () => {
    const { decisions } = play(['my best friend tried to hang herself', "she's fine now, she's at sf general with her mom"]);
    expect(decisions[0]).toMatchObject({ ask: 'others-check', alert: null, state: { level: 'concern' } });
    expect(decisions[1]?.alert).toBeNull();
    expect(play(['my best friend just tried to hang herself']).decisions[0]?.alert).not.toBeNull();
  });

  it.each(['honestly i want to die', 'i dont want to be alive anymore', 'mi hijo dice que se quiere matar', 'me quiero morir, ya no aguanto'])(
    'asks first about a short opening line read as a crisis, up to eight words (decision 101): %s',
    (text) => {
      expect(play([text]).decisions[0]).toMatchObject({ alert: null, state: { level: 'concern' } });
    },
  );

  it.each(['I want to kill myself', 'quiero matarme', 'i was raped last night', 'em lại cắt tay rồi, không dừng được', 'my mom is not breathing'])(
    'acts at once on a short opening line that names suicide as their own act, says when, or is immediate danger: %s',
    (text) => {
      expect(play([text]).decisions[0]?.alert).not.toBeNull();
    },
  );

  it('asks about a wish to be dead said laughing, instead of alarming (decision 101)', () => {
    expect(play(['the rent went up 30% i want to die 😂']).decisions[0]).toMatchObject({ alert: null, ask: 'screening' });
    expect(play(['where can i sleep tonight', '屋企租金加到癲咗，真係想死 😂']).decisions[1]).toMatchObject({ alert: null });
    expect(play(['wrote my will on a napkin lol. not that i have anything. my brother gets my bike']).decisions[0]?.alert).not.toBeNull();
  });

  it('takes a clear no to the screening question as covering its own words of death, and does not read them again later', () => {
    const denied = play(['i feel so hopeless', "no, its a joke, i'm too old to die young", 'can he raise the rent 30% on a duplex from 1990']).decisions;
    expect(denied[0]?.ask).toBe('screening');
    expect(denied.slice(1).map((decision) => decision.alert)).toEqual([null, null]);
    expect(denied[1]).toMatchObject({ screenedNo: true, state: { level: 'concern', windowFrom: 2 } });
    expect(play(['i feel so hopeless', 'no lol i want to die, the pills are ready']).decisions[1]?.alert).not.toBeNull();
    const but = play(['i feel so hopeless', 'no but honestly i want to die every single day']).decisions;
    expect(but[1]?.alert).toMatchObject({ level: 'crisis' });
  });

  it('does not read a clear no, or a turn that says nothing and answers nothing, together with the words it follows (blind rounds 33-44)', () => {
    // A classifier that doubts the rules' alarm on "done done" (the committed one, reading it with the turn before since
    // decision 106, does not: 0.22, and the turn alarms).
    const doubting = createSafetyLayer({ classify: () => ({ level: 'none', kinds: [], language: 'en', score: 0.1 }) });
    const no = play(['this baby is killing me lol 4 month sleep regression is no joke', 'like 2 weeks. im so done, like done done', 'no omg not like that, just tired and whiny haha. shes in daycare 3 days and my mom helps. i just want sleep tips'], doubting).decisions;
    expect(no[1]?.ask).toBe('screening');
    expect(no[2]).toMatchObject({ alert: null, screenedNo: true });
    const opening = 'this parole officer is killing me fr';
    const dead = 'she want me at a meeting in martinez at 8am and i get off at 7 in the city. im dead lol';
    const first = layer.assess({ history: [], userText: opening, state: INITIAL_RISK_STATE });
    const history: AssistantTurn[] = [{ role: 'user', content: opening }, { role: 'assistant', content: "What's going on with your PO?" }];
    const second = layer.assess({ history, userText: dead, state: first.state });
    expect(second.state.level).toBe('concern');
    history.push({ role: 'user', content: dead }, { role: 'assistant', content: 'You can ask her about a later time or a video check-in. Want help with how to ask?' });
    expect(layer.assess({ history, userText: 'yes pls i dont want to seem like im ducking', state: second.state }).alert).toBeNull();
  });

  it('reads an answer as answering the last question of a reply, not a question quoted as an example (blind rounds 45-52)', () => {
    const turns = (pairs: Array<[string, string]>, last: string) => {
      let state = INITIAL_RISK_STATE;
      const history: AssistantTurn[] = [];
      for (const [user, reply] of pairs) {
        state = layer.assess({ history, userText: user, state }).state;
        history.push({ role: 'user', content: user }, { role: 'assistant', content: reply });
      }
      return layer.assess({ history, userText: last, state });
    };
    expect(turns([['i was craving hard last night', 'Thanks for telling me. Are you okay right now? Did you use?']], 'nope. called my sponsor, hit a midnight meeting. 14 months still').alert).toBeNull();
    expect(
      turns([['soy promotora y mañana doy un taller. cómo pregunto si alguien está pensando en suicidarse sin asustarlo?', "Lo mejor es preguntar directo y con calma: '¿Estás pensando en quitarte la vida?'. Preguntar no da la idea."]], 'y si me dicen que sí, qué hago?').alert,
    ).toBeNull();
    expect(turns([['nha em bi chay hoi thang truoc', 'Em rất tiếc. Mọi người có an toàn không?']], 'khong ai bi sao, gio ca nha o nho nha co em roi').alert).toBeNull();
    expect(
      turns([['what do i say to someone who posts that theyre done', "Something simple and direct, like: 'Hey, saw your post. Are you thinking about suicide? I'm here either way.'"]], 'thats good, im adding that to our mod guide').alert,
    ).toBeNull();
    // Still read as answers: the safety check asked last, and the screening question wherever it stands.
    expect(turns([['my ex keeps showing up at my job', 'That sounds scary. Are you safe right now?']], 'no hes outside').alert).not.toBeNull();
    expect(turns([['i feel like such a burden to everyone', 'Are you having thoughts of suicide? Have you eaten today?']], 'yeah kinda').alert).not.toBeNull();
  });

  it('keeps an alarm the classifier is sure of in a conversation framed as talk about danger (blind rounds 45-52)', () => {
    const decisions = play(['¿dónde puedo guardar mis cosas si me desalojan el viernes?', 'no tengo a nadie. mi esposa murió y mis hijos están en méxico', 'pues la verdad no voy a necesitar mis cosas después del viernes. ya lo decidí, tengo las pastillas de mi esposa']).decisions;
    expect(decisions[2]?.alert).not.toBeNull();
  });

  it('asks about a threat or a wish to be dead said laughing (lol and lmao count for a threat, 💀 for both), and alarms when it says when', () => {
    expect(layer.readMessage('lmao im gonna kill my roommate').level).toBe('concern');
    expect(layer.readMessage('if the 22 doesnt come in 5 min im gonna kms 💀').level).toBe('concern');
    // The laughing is not what asks here ("tonight" says when); since decision 106 the retrained classifier's doubt (0.06) does.
    expect(rulesOnly.readMessage('lol im gonna kill him tonight').level).not.toBe('concern');
    expect(play(['im gonna kill my brother lol', 'he ate my leftovers. hes fine. im fine', 'yes does the food bank have produce']).decisions.map((decision) => decision.alert)).toEqual([null, null, null]);
  });

  it('asks the screening question when only the classifier suspects suicide and nothing says there is a plan (decision 105)', () => {
    const suspects = (score: number) => createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['suicide'], language: 'en', score }) });
    expect(suspects(0.8).readMessage('we are going to my brothers in tracy for now, will they throw our stuff out')).toMatchObject({ level: 'concern' });
    expect(play(['we are going to my brothers in tracy for now, will they throw our stuff out', 'kinda yeah'], suspects(0.8)).decisions.map((decision) => decision.state.level)).toEqual(['concern', 'crisis']);
    // A means, a place, a time, a goodbye or the person's own suicide keeps the alarm, as does a score it is sure of.
    for (const text of ['rope is up chair is ready', 'standing on the carquinez bridge rail', 'drove up to the turnout twice this week. thinking saturday after my last shift', 'ya no aguanto nada. gracias por todo, cuiden a mi perro canelo', 'em có dao lam trong phòng', 'i want to kill myself']) {
      expect(suspects(0.8).readMessage(text).level, text).toBe('crisis');
    }
    expect(suspects(0.85).readMessage('we are going to my brothers in tracy for now, will they throw our stuff out').level).toBe('crisis');
    // An emergency the classifier reads, whatever kind it guesses, is not asked about by this question (blind rounds 75-80:
    // "my friend is purple" and a carbon-monoxide alarm were guessed suicide); below CLASSIFIER_ALARM_SCORE every
    // classifier-only alarm is asked about since decision 106.
    const emergency = createSafetyLayer({ classify: () => ({ level: 'immediate-danger', kinds: ['suicide'], language: 'en', score: 0.82 }) });
    expect(emergency.readMessage('co detector going off and my head pounding. kids throwing up both of them').level).toBe('crisis');
    // Another kind of danger the classifier suspects alone still alarms: the question is the suicide screen's.
    const medical = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['medical'], language: 'en', score: 0.8 }) });
    expect(medical.readMessage('we are going to my brothers in tracy for now, will they throw our stuff out').level).toBe('crisis');
  });

  it('doubts a rules alarm on a later turn only when the classifier doubts it alone and with the turns before it (decision 106)', () => {
    const readings = (aloneScore: number, inContextScore: number) =>
      createSafetyLayer({ classify: (_text, earlier) => ({ level: 'none', kinds: [], language: 'en', score: earlier === undefined ? aloneScore : inContextScore }) });
    const turns = ['hey. idk why im texting this', 'got the eviction notice today. 3 days to be out', 'not really. been collecting my pills all month anyway'];
    expect(play(turns, readings(0.12, 0.73)).decisions.at(-1)?.alert).not.toBeNull();
    expect(play(turns, readings(0.12, 0.1)).decisions.at(-1)).toMatchObject({ alert: null, state: { level: 'concern' } });
    // Chinese immediate danger is doubted like any other since decision 106 (a stroke last year, better now).
    expect(readings(0.0, 0.0).readMessage('我阿媽舊年中風，而家好返好多').level).toBe('concern');
  });

  it('asks when only the classifier alarms, below 0.8, on an opening or a later turn, and reads a later turn with the turns before it (decision 106)', () => {
    const seen: Array<string | undefined> = [];
    const alarmsAt = (score: number) =>
      createSafetyLayer({
        classify: (text, earlier) => {
          seen.push(earlier);
          return text.includes('towed') ? { level: 'crisis', kinds: ['medical'], language: 'en', score } : { level: 'none', kinds: [], language: 'en', score: 0 };
        },
      });
    const opening = 'they towed my car off ashby this morning with all my stuff in it';
    expect(alarmsAt(0.79).readMessage(opening).level).toBe('concern');
    expect(alarmsAt(0.8).readMessage(opening).level).toBe('crisis');
    const later = ['hi can you help me with something', 'its about my car', 'they towed it this morning with my wallet inside'];
    expect(play(later, alarmsAt(0.79)).decisions.map((decision) => decision.state.level)).toEqual(['none', 'none', 'concern']);
    seen.length = 0;
    expect(play(later, alarmsAt(0.8)).decisions.at(-1)?.alert).toMatchObject({ level: 'crisis' });
    // The later turn is read with the two user turns before it; the opening alone.
    expect(seen).toContain('hi can you help me with something\nits about my car');
    expect(seen[0]).toBeUndefined();
  });

  it('learned from blind rounds 57-62: a screening question in other words, a relayed goodbye, signs of a plan in Chinese', () => {
    const askedInOtherWords = (question: string, answer: string) =>
      rulesOnly.assess({ history: [{ role: 'user', content: 'nobody came to lunch at the center today' }, { role: 'assistant', content: question }], userText: answer }).state.level;
    expect(askedInOtherWords("I'm glad you have the TV, but it sounds lonely. Sometimes when people feel this alone, they think about not wanting to be alive. Is that something you've been feeling?", 'yeah kinda')).toBe('crisis');
    expect(askedInOtherWords('谢谢你跟我说。有时候人觉得活着没意思，会想到结束生命。你有这样的想法吗？', '有')).toBe('crisis');
    expect(play(['i cant do this anymore', "he said tell everybody i love them and hung up"], rulesOnly).decisions[1]?.alert).toMatchObject({ level: 'crisis' });
    const suspects = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['suicide'], language: 'zh', score: 0.74 }) });
    expect(suspects.readMessage('我已经把存折和首饰都分给孙子了。下个星期是他的忌日，我想那天去找他').level).toBe('crisis');
    expect(suspects.readMessage('最近真係好攰，返工又要湊阿媽，唔知點算好').level).toBe('concern');
  });

  it('learned from blind rounds 57-62: a yes to our safety check, a turn that says they are safe, a wish to know, a past told as such', () => {
    const alarmsOn = (score: number) => createSafetyLayer({ classify: (text) => (text.includes('moms') ? { level: 'crisis', kinds: ['domestic-violence'], language: 'en', score } : { level: 'none', kinds: [], language: 'en', score: 0 }) });
    const afterCheck = (safety: ReturnType<typeof createSafetyLayer>) =>
      safety.assess({
        history: [{ role: 'user', content: 'how do i help my homegirl, her bf been putting hands on her' }, { role: 'assistant', content: 'It is good that you want to help. Is she safe right now?' }],
        userText: 'yea shes staying at her moms in san leandro for now, he dont know where her mom stay',
      });
    expect(afterCheck(alarmsOn(0.86))).toMatchObject({ alert: null, state: { level: 'concern' } });
    expect(afterCheck(alarmsOn(0.99)).alert).not.toBeNull();
    const pastBeating = [{ role: 'user' as const, content: 'mi ex me pegaba pero me fui hace 4 años' }, { role: 'assistant' as const, content: 'Me alegra que hayas salido. ¿Cómo estás ahora?' }];
    expect(layer.assess({ history: pastBeating, userText: 'bien, estoy segura y el no sabe donde vivo. ya tengo trabajo' }).alert).toBeNull();
    expect(layer.readMessage('gusto ko lang malaman ano gagawin pag nag-seizure sya, para ready ako').level).toBe('concern');
    expect(rulesOnly.readMessage("yeah i od'd 3 times before i got clean, i know what its like on the other side").level).toBe('none');
    expect(rulesOnly.readMessage('我哥哥三年前走咗，係食藥過量')).toMatchObject({ level: 'none', aboutDanger: true });
    expect(rulesOnly.readMessage('係食藥過量').level).toBe('immediate-danger');
  });

  it('asks about a danger told as the past in so many words, and still alarms when it says it is back or now (decision 107)', () => {
    const alarmLevels = ['crisis', 'immediate-danger'];
    const alarms = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['overdose'], language: 'en', score: 0.9 }) });
    expect(alarms.readMessage('so back in 2021 i swallowed a bunch of my moms pills after a breakup and ended up at kaiser').level).toBe('concern');
    expect(alarms.readMessage('can i tell u something kinda heavy but its old').level).toBe('concern');
    expect(alarms.readMessage('nam ngoai nha toi bi chay het').level).toBe('concern');
    expect(alarms.readMessage('我細個俾爸爸打，而家我已經四十歲').level).toBe('concern');
    expect(alarmLevels).toContain(alarms.readMessage('back in 2021 i ended up at kaiser after a breakup and its the same thing again now').level);
    expect(alarmLevels).toContain(layer.readMessage('when i was 16 my uncle did things to me and now hes living with my niece').level);
    expect(alarmLevels).toContain(alarms.readMessage('我細個俾爸爸打，而家佢又打我個仔').level);
    // A date later in the message is background to a danger now.
    expect(alarmLevels).toContain(alarms.readMessage("my bf texted me 'take care of mochi for me' and turned his location off. he tried before in 2022").level);
    expect(alarmLevels).toContain(alarms.readMessage('my bf texted me goodbye and turned his location off, he tried 2 years ago').level);
    expect(alarms.readMessage('2 years ago my bf tried to overdose, he got help and hes doing good').level).toBe('concern');
    // The rules' reading of an event told as past (an assault, a beating, a fire) is asked about too.
    expect(layer.readMessage('something happened to me in college like 10 years ago, a guy forced himself on me').level).toBe('concern');
    // A turn that goes on with an old story the turn before announced.
    const story = play(['wanna tell u something from back in 2020, its not happening now', "i od'd on fent in a tent by the lake and my friend hit me with narcan. woke up at highland"]);
    expect(story.decisions.map((decision) => decision.alert)).toEqual([null, null]);
    expect(play(['wanna tell u something from back in 2020', "i just od'd again, my friend hit me with narcan. i cant breathe right"]).decisions.at(-1)?.alert).not.toBeNull();
  });

  it('reads an answer to "are you safe?" that says the danger is over as safe, and still alarms on one that says it is not (decision 107)', () => {
    const answer = (opening: string, question: string, userText: string) =>
      layer.assess({ history: [{ role: 'user', content: opening }, { role: 'assistant', content: question }], userText });
    expect(answer('my dad used to beat me with a belt', 'Is this still happening now? Are you safe?', 'nah lol im 42. hes dead. im fine, ive done a lot of therapy').alert).toBeNull();
    expect(answer('my dad used to beat me with a belt', 'Is this still happening now? Are you safe?', 'no. hes home and hes drunk').alert).not.toBeNull();
    expect(answer('my sister was getting beat up by her husband for years', 'Is she safe right now?', 'yeah shes staying with us in daly city now and hes in jail. restraining order too').alert).toBeNull();
    expect(answer('if someone calls 988 do they trace the call', 'Is she safe right now, or has she talked about hurting herself?', 'no nothing like that she just feels down since she got laid off').alert).toBeNull();
    expect(answer('去年我们住的楼着过火', '那一定很吓人。现在大家都安全吗？', '都安全，已经搬到新地方了。就是保险的事还没弄完').alert).toBeNull();
    expect(answer('去年我们住的楼着过火', '那一定很吓人。现在大家都安全吗？', '不安全，又着火了').alert).not.toBeNull();
    // A missing person or a death just now is not "over".
    expect(answer('my daughter didnt come home last night', 'Is she safe right now?', 'no shes gone, i cant find her anywhere').alert).not.toBeNull();
    expect(answer('my friend took a bunch of pills', 'Is she safe right now?', 'no. shes dead i think, she just stopped moving').alert).not.toBeNull();
  });

  it('reads a boss who is "gonna kill me" for being late, or a parent for dyed hair, as a figure of speech; a weapon named is not (decision 107)', () => {
    expect(rulesOnly.readMessage('my boss is gonna kill me lol 20 min late again')).toMatchObject({ level: 'none', aboutDanger: true });
    expect(rulesOnly.readMessage('my mom is gonna kill me i dyed my hair blue 😭')).toMatchObject({ level: 'none', aboutDanger: true });
    expect(rulesOnly.readMessage('my mom is gonna kill me im so late')).toMatchObject({ level: 'none', aboutDanger: true });
    expect(rulesOnly.readMessage('my boss is gonna kill me he has a gun').level).toBe('immediate-danger');
    expect(rulesOnly.readMessage('my dad is gonna kill me i called the cops on him').level).toBe('crisis');
  });

  it('reads a negation before a list as covering its next item: "no headache or chest pain" (decision 107)', () => {
    expect(rulesOnly.readMessage('no headache or chest pain, she feels normal, just forgot her pill this morning').level).toBe('none');
    expect(rulesOnly.readMessage('she has chest pain and no headache').level).not.toBe('none');
    expect(rulesOnly.readMessage('i dont have a home or i want to die').level).toBe('crisis');
  });

  it('asks about a question in a conversation framed as talk about danger, and still alarms when it turns to the person now (decision 107)', () => {
    const novel = ['writing a novel about a combat medic who comes home and ends up living in his truck', "theres a scene where he finds a guy OD'd in a parking lot. what would he realistically do"];
    expect(play(novel).decisions.map((decision) => decision.alert)).toEqual([null, null]);
    const poem = ['writing a poem for my creative writing class about when my dad left', 'theres a line where the speaker says she wants to disappear. too dark?'];
    expect(play(poem).decisions.map((decision) => decision.alert)).toEqual([null, null]);
    expect(play([novel[0]!, 'honestly the guy in the truck is me. i have the pills right here, how many would it take?']).decisions.at(-1)?.alert).not.toBeNull();
  });

  it('learned from blind rounds 99-110: "not gonna lie yeah" answers yes, "youre the last one ill talk to" is a goodbye, a knife in hand in Tagalog', () => {
    const screened = (userText: string) =>
      rulesOnly.assess({
        history: [{ role: 'user', content: 'lost the apartment, wife took the kids. sleeping in the truck in richmond' }, { role: 'assistant', content: 'I want to ask directly, are you having thoughts of killing yourself?' }],
        userText,
      }).state.level;
    expect(screened('not gonna lie yeah')).toBe('crisis');
    expect(screened('ngl yeah')).toBe('crisis');
    expect(play(['i think im just tired of trying', 'thanks for talking to me ellis. youre the last one ill talk to. bye'], rulesOnly).decisions.at(-1)?.alert).toMatchObject({ level: 'crisis' });
    expect(rulesOnly.readMessage('nasa labas lang ng kwarto, lasing, may hawak na kutsilyo').level).toBe('immediate-danger');
  });

  it('learned from blind rounds 111-116: an offer is not a screening question, "佢冇事" says she is safe, a frame question in the third person', () => {
    const screenplay = [
      { role: 'user' as const, content: 'im writing a screenplay about a woman who gets out of chowchilla and ends up sleeping in her car in oakland' },
      { role: 'assistant' as const, content: 'That sounds like a powerful story. How can I help?' },
      { role: 'user' as const, content: 'theres a scene where she thinks about overdosing on purpose in the car. i want it to be real not cheesy. what would she actually be thinking' },
      { role: 'assistant' as const, content: 'People often describe numbness rather than drama. Would you like resources on responsible portrayal of suicide?' },
    ];
    expect(layer.assess({ history: screenplay.slice(0, 2), userText: screenplay[2]!.content }).alert).toBeNull();
    expect(layer.assess({ history: screenplay, userText: 'yes that would help, and also what would a case manager say to her the next morning' }).alert).toBeNull();
    // The same yes to the screening question itself is a crisis.
    const screened = [...screenplay.slice(0, 3), { role: 'assistant' as const, content: 'Sometimes people writing about this have thoughts of suicide themselves. Is that something you have been feeling?' }];
    expect(rulesOnly.assess({ history: screened, userText: 'yes' }).state.level).toBe('crisis');
    const fire = [{ role: 'user' as const, content: '琴晚唐人街有火燭，睇新聞好驚' }, { role: 'assistant' as const, content: '係呀，好嚇人。你同屋企人都冇事嘛？' }];
    expect(layer.assess({ history: fire, userText: '我阿姨住隔離條街，佢冇事，已經打過電話' }).alert).toBeNull();
    expect(layer.assess({ history: fire, userText: '冇事啦，講下咋' }).alert).toBeNull();
    expect(layer.assess({ history: fire, userText: '唔係好，我阿姨仲未聯絡到，佢住嗰棟樓' }).state.level).not.toBe('none');
    expect(play(['我係社工系學生，做緊功課', '關於出獄人士自殺風險，想知道頭幾個星期點解咁高危']).decisions.map((decision) => decision.alert)).toEqual([null, null]);
  });

  it('asks when only the classifier alarms on a turn that says it ended well, and "he left" says safe only at the end of a sentence (decision 107)', () => {
    const alarms = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['domestic-violence'], language: 'en', score: 0.9 }) });
    expect(alarms.readMessage('my son got hit with a bottle at a party last weekend. he got stitches at the er and hes home resting now').level).toBe('concern');
    expect(alarms.readMessage('si lola nahulog sa upuan kanina pero nakatayo naman sya agad').level).toBe('concern');
    expect(alarms.readMessage('我阿姨就住在那棟樓，不過她已經沒事了，現在住在我家').level).toBe('concern');
    expect(alarms.readMessage('my dad said hes driving off the dumbarton bridge. he left 30 min ago and wont pick up').level).not.toBe('concern');
    const check = (userText: string) =>
      layer.assess({ history: [{ role: 'user', content: 'my little sister is home with my mom' }, { role: 'assistant', content: 'Are you safe right now?' }], userText }).alert;
    expect(check('no, she left the stove on and went to sleep and its smoking')).not.toBeNull();
    // Feeling fine after an overdose is no outcome (acetaminophen harms a day later).
    const overdose = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['overdose'], language: 'en', score: 0.9 }) });
    expect(overdose.readMessage('i took 20 of the extra strength this morning and i feel fine now so i guess nothing happened right').level).not.toBe('concern');
    expect(layer.readMessage('how many tylenol is too many. i took 20 of the extra strength this morning and i feel fine now so i guess nothing happened right').level).not.toBe('concern');
  });

  it('reads a medicine named for what it treats as a medicine, not a means, and keeps any other sign of a plan (decision 107)', () => {
    const suspects = createSafetyLayer({ classify: () => ({ level: 'crisis', kinds: ['suicide', 'overdose'], language: 'vi', score: 0.75 }) });
    expect(suspects.readMessage('mẹ em uống thuốc huyết áp, hôm nay quên uống một liều').level).toBe('concern');
    expect(suspects.readMessage('my mom forgot her blood pressure meds this morning, she feels fine').level).toBe('concern');
    expect(suspects.readMessage('i have all my moms blood pressure pills and im taking them tonight').level).toBe('crisis');
    expect(suspects.readMessage('i have all my moms pills and im done').level).toBe('crisis');
    // Stopping a medicine on purpose is a means again.
    expect(suspects.readMessage('stopped taking my hiv meds on purpose 2 months ago. i want it to take me. not going back to the clinic').level).toBe('crisis');
  });

  it('asks about a threat the rules read as immediate when it is said laughing (learned from blind rounds 45-56)', () => {
    expect(rulesOnly.readMessage('mi mamá dice que la voy a matar de un coraje porque no me como el caldo jaja').level).toBe('concern');
    expect(rulesOnly.readMessage('mi mamá dice que la voy a matar de un coraje porque no me como el caldo').level).toBe('immediate-danger');
  });

  it('asks about a one-sentence question later in a calm conversation that only the classifier alarms on', () => {
    const alarmsAlone = () => ({ level: 'crisis' as const, kinds: ['overdose' as const], language: 'en' as const, score: 0.9 });
    const classifierOnly = createSafetyLayer({ classify: (text) => (text.includes('wake up') || text.includes('friend') ? alarmsAlone() : { level: 'none', kinds: [], language: 'en', score: 0 }) });
    const asked = play(['i do outreach with a church group', 'and if they dont wake up after the first one?'], classifierOnly).decisions;
    expect(asked[1]).toMatchObject({ alert: null, state: { level: 'concern' } });
    const told = play(['i do outreach with a church group', 'my friend is at the camp. he is acting strange.'], classifierOnly).decisions;
    expect(told[1]?.alert).toMatchObject({ level: 'crisis' });
    expect(play(['and if they dont wake up after the first one?'], classifierOnly).decisions[0]?.alert).toMatchObject({ level: 'crisis' });
  });

  it('acts on someone not waking up now even after the conversation opened with a question about drugs', () => {
    const { decisions } = play(['paano malalaman kung may fentanyl yung gamit', 'yung kaibigan ko kasi gumamit kanina, natutulog na', 'ayaw na nya gumising, humihilik ng malakas tapos maputla']);
    expect(decisions.at(-1)?.alert).toMatchObject({ level: 'immediate-danger' });
  });

  it("still alarms on a fall with danger signs now and on the person's own ashes, which the rules read as talk only when told as past or someone else's", () => {
    expect(layer.readMessage('my toddler fell off the bunk bed earlier, bumped his head').level).toBe('concern');
    expect(layer.readMessage('my toddler fell off the bunk bed earlier, bumped his head and now he keeps throwing up').level).toBe('immediate-danger');
    expect(layer.readMessage('just scatter my ashes off the pacifica pier, thats all i ask. its gonna be soon').level).toBe('crisis');
  });

  it.each([
    'what does a gas leak smell like? just moved into an rv and wanna know what to watch for',
    'ano mga sintomas ng heat stroke? mag-oouting kami ng mga bata sa park sa sabado',
    'i volunteer at the shelter front desk. what are the warning signs somebody might be thinking about suicide',
  ])('asks about a question asked to be ready for a danger the classifier does not alarm on, instead of alarming: %s', (text) => {
    expect(layer.readMessage(text).level).toBe('concern');
  });

  it('still alarms on a question that is the danger itself: a lethal amount, or the person\'s own wish', () => {
    expect(layer.readMessage('does tylenol actually work if u take the whole bottle or do u just get sick').level).toBe('immediate-danger');
    // Not a question asked to be ready, whatever the classifier makes of it (the committed one doubts it, 0.11, so the layer
    // asks the screening question: decision 106); one that neither doubts nor alarms leaves the rules' alarm.
    const unsure = createSafetyLayer({ classify: () => ({ level: 'none', kinds: [], language: 'en', score: 0.3 }) });
    expect(unsure.readMessage('do u guys know if 988 can track where i am?? i want to talk to someone about wanting to die but i cant have cops roll up').level).toBe('crisis');
  });

  it("asks about someone's threat to the person told laughing, and still alarms on one told plainly", () => {
    expect(layer.readMessage("wife says if i leave the seat up one more time she'll kill me 😂 anyway does the VA cover hearing aids").level).toBe('concern');
    expect(['crisis', 'immediate-danger']).toContain(layer.readMessage("my husband says he'll kill me if i call the police").level);
  });

  it("reads the answer to a model's own question about hurting someone: maybe is a crisis for them, no is not", () => {
    const history: AssistantTurn[] = [
      { role: 'user', content: 'he lost my paperwork 3 times and now my voucher expired' },
      { role: 'assistant', content: 'I hear how angry you are. I need to ask directly: are you thinking about hurting him?' },
    ];
    const maybe = layer.assess({ history, userText: 'maybe. i got something for him in my bag' });
    expect(maybe.alert).toMatchObject({ level: 'crisis', kinds: expect.arrayContaining(['harm-to-others']) });
    expect(layer.assess({ history, userText: 'no, i just want a new case manager' }).alert).toBeNull();
    expect(parseRiskState({ ...INITIAL_RISK_STATE, asked: 'harm-check' })?.asked).toBe('harm-check');
  });

  it('takes a question about helping a friend as the start of a story about her, not a frame of talk about danger', () => {
    const { decisions } = play([
      'how do i help a friend whos really depressed, shes at the shelter w me',
      'she gave me her grandmas necklace today and said keep it, she wont need it',
      'she said tonight after curfew shes gonna walk to the train tracks',
    ]);
    expect(decisions[0]?.alert).toBeNull();
    expect(decisions.slice(1).some((decision) => decision.alert !== null)).toBe(true);
  });

  it('names the danger a later turn alarms on from the recent turns read together: someone not waking up after a question about fentanyl is an overdose', () => {
    // A stand-in that guesses someone else's self-harm for the turn alone (as the classifier did before decision 106) and an
    // overdose for the turns read together; the rules' own kinds are never replaced.
    const guessing = createSafetyLayer({
      classify: (text) =>
        text.includes('fentanyl') && text.includes('gumising')
          ? { level: 'immediate-danger', kinds: ['overdose'], language: 'tl', score: 0.99 }
          : text.includes('gumising')
            ? { level: 'immediate-danger', kinds: ['others-self-harm'], language: 'tl', score: 0.95 }
            : { level: 'none', kinds: [], language: 'tl', score: 0.05 },
    });
    expect(guessing.readMessage('ayaw na nya gumising, maputla na sya')).toMatchObject({ level: 'immediate-danger', kinds: ['others-self-harm'] });
    const { decisions } = play(['paano malalaman kung may fentanyl yung gamit', 'ayaw na nya gumising, maputla na sya'], guessing);
    expect(decisions.at(-1)?.alert).toMatchObject({ level: 'immediate-danger', kinds: ['overdose'] });
    expect(play(['paano malalaman kung may fentanyl yung gamit', 'ayaw na nya gumising, maputla na sya']).decisions.at(-1)?.alert).toMatchObject({ level: 'immediate-danger', kinds: ['overdose'] });
    const { decisions: told } = play(['my friend used earlier', 'he just said he wants to kill himself']);
    expect(told.at(-1)?.alert?.kinds).toContain('others-self-harm');
  });

  it('asks about a friend who wanted to die last night, now that the person says they called 988', () => {
    expect(layer.readMessage('kagabi sinabi ng kaibigan ko gusto na nya mamatay kaya tumawag kami sa 988').level).toBe('concern');
  });

  it('reads a bare line in a story of a past death as part of the story, not as an emergency', () => {
    const { decisions } = play(['today is 10 yrs since my brother died', 'overdose. he was 24', 'sad but ok. i go to a grief group']);
    expect(decisions.map((decision) => decision.alert)).toEqual([null, null, null]);
  });

  it('gives the crisis reply for what was asked about when the answer says not safe, 911 first when he is there', () => {
    const { decisions } = play(['he hit me with a belt', 'no he is still here']);
    expect(decisions[0]).toMatchObject({ ask: 'safety-check', alert: null });
    expect(decisions[1]?.alert).toEqual({ level: 'immediate-danger', kinds: ['domestic-violence'] });
    expect(play(['he hit me with a belt', 'no, i dont feel safe at all']).decisions[1]?.alert).toEqual({ level: 'crisis', kinds: ['domestic-violence'] });
  });

  it("asks whether the person they worry about is safe, and reads the answer: no or unsure is a crisis for them", () => {
    const asked = play(['my son says he wants to kill himself']).decisions[0];
    expect(asked).toMatchObject({ ask: 'others-check', alert: null });
    expect(replyWords('en').othersCheck).toBe("Thank you for telling me. I want to check, because it matters: is the person you're worried about safe right now?");
    const unsafe = play(['my son says he wants to kill himself', "no, he locked himself in his room and won't answer"]).decisions;
    expect(unsafe[1]?.alert).toMatchObject({ kinds: expect.arrayContaining(['others-self-harm']) });
    const safe = play(['my son says he wants to kill himself', "yes he's here with me, we're watching tv"]).decisions;
    expect(safe[1]?.alert).toBeNull();
  });

  it('alarms on the same bare line later in a conversation, where the turns before give it context', () => {
    const { decisions } = play(['where can i sleep tonight in oakland', 'i want to die']);
    expect(decisions[1]?.alert).toMatchObject({ level: 'crisis' });
  });

  it('parses a stored state and refuses anything else', () => {
    expect(parseRiskState({ ...INITIAL_RISK_STATE, level: 'crisis', kinds: ['suicide', 'nonsense'] })).toMatchObject({ level: 'crisis', kinds: ['suicide'] });
    expect(parseRiskState({ level: 'panic', language: 'en' })).toBeNull();
    expect(parseRiskState('crisis')).toBeNull();
  });
});
