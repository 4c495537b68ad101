/**
 * Crisis detection (DESIGN §7.1): every utterance passes through here before any provider sees it.
 * Hand-written patterns, English and Spanish, so it works offline, instantly and identically in
 * chat and voice. Measured against the labelled set in crisis-examples.json (100% recall required)
 * and against held-out rounds in crisis-holdout.json, each measured once before it was used.
 * Patterns are written over word families (wanting + a way of being gone, an abuser + a violent
 * verb + a person, a means + saying it will be used), with a last net of danger words seldom
 * said lightly; idioms, negation and resolved past keep the false alarms down.
 *
 * How a message is read:
 * 1. normalized: lower case, accents and curly quotes removed, "no one" joined so its "no" is not
 *    taken for a negation;
 * 2. spelling evened out: text-speak ("kms", "wanna", "rn", "tn"), dropped apostrophes and
 *    g's ("dont", "endin"), common misspellings ("kil", "dei", "kiero") and one-letter slips in the
 *    words that matter most ("suicde", "cuting"), so patterns are written once over clean words;
 * 3. idioms that only sound violent ("this job is killing me", "me muero de hambre") are blanked;
 * 4. split into clauses (punctuation, "and", "but", "y", "pero"), so "I'm not okay and I want to
 *    die" is read as two statements;
 * 5. a clause about the past is skipped only when it is clearly behind the person ("years ago", or
 *    "used to" / "last month" with "I'm doing better now" and no "again");
 * 6. a pattern match counts unless a negation governs it: "not", "never", "no"… followed only by
 *    bridge words ("I'm not really thinking about killing myself"). A word outside the bridge set
 *    breaks the negation: "I can't stop thinking about killing myself", "not sure I won't hurt
 *    myself". "Can't" is never a negation: "I can't kill myself, I have kids" still fires.
 *
 * Doubt resolves toward firing: a false alarm costs a kind message with phone numbers; a miss can
 * cost a life.
 */
import type { CrisisLevel } from './assistant.ts';

export type CrisisKind = 'suicide' | 'self-harm' | 'harm-to-others' | 'abuse' | 'medical-emergency' | 'immediate-danger';

export type CrisisLanguage = 'en' | 'es';

export interface CrisisDetection {
  level: CrisisLevel;
  kinds: CrisisKind[];
  /** Language the person wrote in, for the language of the fixed reply. */
  language: CrisisLanguage;
}

interface CrisisPattern {
  kind: CrisisKind;
  pattern: RegExp;
  /** Needs help right now whatever else was said: 911 comes first. */
  urgent?: boolean;
}

const PARTNER = String.raw`(?:(?:mom|mother|dad|father)'?s (?:boy ?friend|girl ?friend|husband|wife|partner)|foster (?:mom|dad|parents?)|parents|guardian|boss|manager|coworker|neighbou?r|teacher|coach|pastor|priest|nephew|grandson|bf|gf|boy ?friend|girl ?friend|husband|wife|partner|ex|spouse|fiance|fiancee|dad|father|step ?dad|step ?father|mom|mother|step ?mom|uncle|aunt|brother|sister|cousin|grand ?pa|grandfather|roommate|landlord|pimp|son|daughter|caretaker|caregiver)`;
const ABUSER = String.raw`(?:he|she|they|someone|somebody|a man|a guy|my (?:\w+'?s )?${PARTNER}|my (?:kids?|son|daughter|baby)'?s (?:dad|father|mom|mother))`;
const TARGET = String.raw`(?:him|her|them|someone|somebody|anyone|anybody|people|everyone|everybody|(?:that|the|those|these|this) (?:guy|guys|man|men|woman|women|person|people|dude|kids|bitch|bastard)|my ${PARTNER}|my (?:boss|neighbou?r|coworker|co-worker|case ?worker|kids?|family|baby|child|children|little (?:brother|sister))|my (?:\w+ )?(?:newborn|infant|toddler|baby|kids?|child|children))`;
/** Medicines and drugs people take too much of, by name as people say them. */
const MEDS = String.raw`(?:pills?|meds|medicine|medications?|tablets|insulin|sleeping pills|painkillers|antidepressants|opioids?|oxy\w*|percocets?|vicodin|fentanyl|fent|heroin|methadone|suboxone|xanax|bars|ativan|klonopin|valium|ambien|trazodone|seroquel|quetiapine|sertraline|zoloft|prozac|fluoxetine|lexapro|wellbutrin|effexor|lithium|lamictal|gabapentin|tramadol|morphine|tylenol|acetaminophen|ibuprofen|advil|benadryl|melatonin|adderall)`;
/** Wanting, planning or being about to, with up to two softening words ("I could really", "I'm so gonna"). */
const INTENT = String.raw`(?:want to|wanna|going to|gonna|will|i'll|could|might|plan to|planning to|planning on|thinking (?:about|of)|think about|thoughts? (?:of|about)|urges? to|feel like|about to|ready to|decided to|trying to|imagin(?:e|ing)|pictur(?:e|ing)|fantasi[sz](?:e|ing) about|dream(?:ing)? (?:about|of)|keep)(?: (?:really|just|seriously|actually|literally|fucking|so|probably|definitely|totally))*`;
const HARM_VERB = String.raw`(?:kill|killing|hurt|hurting|shoot|shooting|stab|stabbing|murder|murdering|attack|attacking|beat up|beating up|beat the (?:shit|crap|hell|life) out of|strangle|strangling|choke|choking|smother|smothering|drown|drowning|poison|poisoning|run over)`;
/** A person nearby, as someone describes a threat ("some guy", "this dude", "a man"). */
const STRANGER = String.raw`(?:someone|somebody|a (?:man|guy|woman|person|dude|stranger|car|group of (?:guys|men|people))|some (?:guy|man|dude|woman|person|people|guys|men)|this (?:guy|man|dude|person|woman|car)|(?:the|that) (?:guy|man|dude|stranger)|he|she|they|people|men|guys|my ${PARTNER})`;
/** Ways of saying "dead or gone" about oneself. */
const SELF_GONE = String.raw`(?:die|be dead|dead|kill myself|end (?:my life|it all|myself|everything)|not (?:be )?(?:alive|here|exist|around)|stop (?:living|existing|breathing)|be gone|disappear(?=$| forever| for good| permanently)|go to sleep forever|sleep forever|be done(?=$| with (?:it all|life|living|everything)))`;

const PATTERNS: readonly CrisisPattern[] = [
  // Suicidal thoughts (English), then Spanish (accents removed).
  { kind: 'suicide', pattern: /\b(?:kill|killing|killed|hang|hanging|shoot|shooting|drown|drowning) myself\b/ },
  { kind: 'suicide', pattern: /\bkms\b|\bunalive\b|\boff myself\b/ },
  { kind: 'suicide', pattern: /\b(?:feel like|want to|wanna|ready to|about to) (?:just )?giv(?:e|ing) up\b(?! on (?:the|this|that|my (?:job|search|case|application)|finding|looking|trying to find))/ },
  { kind: 'suicide', pattern: /\bnot (?:to )?(?:be|being) alive\b|\bgive up on (?:life|living)\b|\bways? to (?:die|kill myself|end it)\b|\bhow to (?:die|kill myself)\b|\bpainless (?:way|death)\b/ },
  { kind: 'suicide', pattern: /\bgave away (?:all )?(?:my|of my) (?:stuff|things|belongings)\b|\bsaid (?:my )?goodbyes? to (?:everyone|everybody|my (?:friends|family|kids))\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:on|at) the golden gate\b|\bedge of (?:a|the) (?:roof|building|bridge|cliff)\b/ },
  { kind: 'suicide', pattern: /\btake (?:all|the rest) (?:of )?my (?:insulin|pills|meds|medications?|prescriptions?)\b|\boverdose on\b/ },
  { kind: 'suicide', pattern: /\b(?:think|thinking|thought) (?:about|of) (?:hanging|overdosing|jumping|shooting|drowning|not waking up)\b/ },
  { kind: 'suicide', pattern: /\b(?:wish|wishing|hope|hoping|pray|praying) (?:that )?(?:a|something|someone|somebody) (?:\w+ )?(?:would|will|could) (?:hit|kill) me\b|\b(?:hope|hoping|pray|praying) (?:that )?i (?:die|don'?t wake up|never wake up)\b(?! (?:late|early|in time|on time)\b)/ },
  { kind: 'suicide', pattern: /\bdo something (?:stupid )?to myself\b|\b(?:might|could|would|will|going to|gonna|'ll) (?:end up )?do(?:ing)? to myself\b|\b(?:had|have had|'ve had) enough of (?:living|life|this life|being alive|everything)\b|\btired of fighting$|\b(?:ir|irme|salir|desaparecer) de este mundo\b/ },
  { kind: 'suicide', pattern: /\bsuicid\w*/ },
  { kind: 'suicide', pattern: /\b(?:end|ending|take|taking|ended) (?:my|my own) life\b/ },
  { kind: 'suicide', pattern: /\b(?:want|wanted|wanting|wanna|ready|trying|plan|planning) (?:to )?(?:die|be dead)\b/ },
  { kind: 'suicide', pattern: /\b(?:feel like|thinking (?:of|about)|want to|wanna|gonna|going to|about to|might|plan to|ready to|decided to) (?:end|ending) (?:it|things|everything)\b(?! with| for| at| between)/ },
  { kind: 'suicide', pattern: /\b(?:want to|wanna|wish i could) disappear\b(?=$| forever| for good| permanently)|\bdisappear forever\b|\b(?:it all|everything) to (?:stop|end)\b|\b(?:stop|end) forever\b/ },
  { kind: 'suicide', pattern: /\b(?:done|tired|sick) (?:with|of) (?:life|living|being alive)\b|\bpoint (?:of|in) (?:living|life|being alive|going on)\b|\blife is (?:pointless|meaningless)\b/ },
  { kind: 'suicide', pattern: /\b(?:going to|gonna|about to|want to|wanna|ready to|might|could) (?:just )?jump(?:$| off)|\bfeel like (?:dying|i want to die)\b|\bsleep forever\b/ },
  { kind: 'suicide', pattern: /\bwish i (?:could |would )?(?:just )?(?:die|died|was dead|were dead|wasn'?t alive|wasn'?t here|was never born|had never been born)\b/ },
  { kind: 'suicide', pattern: /\b(?:noone|nobody) (?:would|will|is going to|gonna) (?:even )?(?:miss|notice|care about) me\b|\b(?:can'?t see|can'?t find|there'?s no|there is no) (?:a )?way out\b/ },
  { kind: 'suicide', pattern: /\bwant (?:it|this|everything) (?:all )?(?:to be )?over\b|\bi want out$/ },
  { kind: 'suicide', pattern: /\b(?:stop|cease to|not) exist(?:ing)?\b|\bplanning (?:my )?(?:death|suicide|funeral)\b/ },
  { kind: 'suicide', pattern: /\b(?:drive|driving|crash|crashing|steer) (?:my car |the car )?(?:off|into) (?:a|the) (?:cliff|bridge|wall|tree|river|bay)\b|\b(?:step|stepping|walk|walking|jump|jumping) in front of (?:a|the) (?:train|bus|truck|car)\b/ },
  { kind: 'suicide', pattern: /\b(?:better off|happier|easier|fine|relieved) (?:if|when|once) i(?:'m| am| was| were)? (?:gone|dead|not here|not around|didn'?t exist)\b/ },
  { kind: 'suicide', pattern: /\b(?:won'?t|will not|not going to|not gonna|don'?t think i'?ll|might not|may not) be (?:around|here|alive) (?:much )?(?:longer|tomorrow|anymore|by morning)\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:use|turn) (?:it|the gun|the knife|a knife|a gun|them) on myself\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:have|got|bought|holding) (?:a|the) (?:rope|noose)\b/ },
  { kind: 'suicide', pattern: /\bnot worth living\b|\bisn'?t worth living\b|\blife is(?: not|n'?t) worth it\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:standing|sitting|climbing|climbed|up) on (?:the|a|this) (?:roof|ledge|bridge|edge|tracks|overpass|railing|balcony|cliff)\b/ },
  { kind: 'suicide', pattern: /\b(?:rather|better off|wish i (?:was|were|could be)|wish i'd be) (?:be )?(?:dead|die|never born|gone)\b/ },
  { kind: 'suicide', pattern: /\bbetter off without me\b|\b(?:if|when) i(?:'m| am| was| were) (?:dead|gone for good)\b/ },
  { kind: 'suicide', pattern: /\b(?:don't|dont|do not|no longer) want to (?:live|be alive|be here|exist|wake up|keep living|go on)\b/ },
  { kind: 'suicide', pattern: /\b(?:don't|dont|do not) know if i want to (?:live|be alive|keep going|go on)\b/ },
  { kind: 'suicide', pattern: /\bnot sure i want to (?:live|be alive|keep going|go on|be here)\b/ },
  { kind: 'suicide', pattern: /\bno (?:reason|point|will) (?:to|in|for) (?:live|living|go on|going on|keep going|life)\b/ },
  { kind: 'suicide', pattern: /\b(?:can't|cant|cannot) (?:go on|keep going|take (?:it|this) anymore|do this anymore|live like this)\b(?! (?:to|back|there|in|out|with (?:the|my|this)|at)\b)/ },
  { kind: 'suicide', pattern: /\bend(?:ing)? it all\b|\bend it tonight\b/ },
  { kind: 'suicide', pattern: /\b(?:miss me|care|notice|matter) if i (?:died|was dead|were dead|was gone|were gone|disappeared|wasn't here|wasn't around|killed myself)\b/ },
  { kind: 'suicide', pattern: /\b(?:thoughts? of|thinking (?:about|of)) (?:dying|death|ending it|not being here)\b/ },
  { kind: 'suicide', pattern: /\bjump(?:ing)? (?:off|from|in front of) (?:a|the|this) (?:bridge|building|roof|train|bus|car)\b/ },
  { kind: 'suicide', pattern: /\bgoing to sleep (?:and|&) never wake up\b|\b(?:not|never) wake up\b(?! (?:late|early|in time|on time)\b)/ },
  { kind: 'suicide', pattern: /\b(?:matarme|me (?:quiero|voy a|voy) matar|quitarme la vida|acabar con mi vida|terminar con mi vida|me quite la vida)\b/ },
  { kind: 'suicide', pattern: /\b(?:quiero|quisiera|deseo|me quiero|me quisiera) morir(?:me)?\b/ },
  { kind: 'suicide', pattern: /\b(?:ojala|quisiera) (?:estar|estuviera) muert[oa]\b|\bmejor (?:estaria|estar) muert[oa]\b/ },
  { kind: 'suicide', pattern: /\bno quiero (?:vivir(?! (?:en|con|cerca|lejos|aqui|ahi|alli|alla)\b)|seguir viviendo|despertar|estar aqui|existir)\b/ },
  { kind: 'suicide', pattern: /\bno se si quiero (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bdejar de (?:existir|vivir)\b|\bganas de (?:morir(?:me)?|matarme)\b|\b(?:pienso|pensando|pensar) (?:mucho )?en (?:la muerte|morir(?:me)?)\b/ },
  { kind: 'suicide', pattern: /\btirarme (?:del|de un|de una|de la|por la)\b|\bme voy a tirar (?:del|de un|de una|de la|por la)\b/ },
  { kind: 'suicide', pattern: /\b(?:quiero|quisiera) desaparecer\b|\bdesaparecer para siempre\b|\bno vale la pena (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bno (?:tengo|hay) (?:razon|razones|motivo|motivos|sentido|ganas) (?:para|de) (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\b(?:ya no puedo mas|ya no puedo seguir|no aguanto mas|ya no quiero seguir)\b/ },
  // Suicide, generalized over word families: wanting or planning + a way of being dead or gone.
  { kind: 'suicide', pattern: new RegExp(String.raw`\b(?:want|wanna|wish|wishing|ready|deserve|should|rather|plan(?:ning)?|decided|tempted|need|wanted|trying|prefer)(?: to)?(?: (?:just|really|honestly|simply|only|finally|already|seriously|actually|kinda|go and|i could|i was|i were|to))* ${SELF_GONE}\b(?! down| out| off| hard| for)`) },
  { kind: 'suicide', pattern: /\b(?:kill|killing|killed|hang|hanging|hanged|shoot|shooting|drown|drowning|poison|poisoning|suffocate|suffocating|overdose|od|off|offing|unalive|unaliving) myself\b|\bunaliv\w*|\bsewer ?slide\b|\bself[- ]?delet\w*|\bctb\b|\bcommit(?:ting)? suicide\b/ },
  { kind: 'suicide', pattern: /\b(?:don't|do not|no longer|never) (?:\w+ ){0,2}?(?:want|wanna|wish|feel like|care)(?: to)? (?:be alive|stay alive|exist|existing|wake up(?! (?:late|early|in time|on time|at|before|for|this|tomorrow (?:late|early|for|at))\b)|keep living|go on|keep going|be around|be (?:on|in) this (?:earth|world|planet)|be here(?=$| anymore| any ?longer| much longer| tomorrow| on earth)|live(?! (?:in|with|near|at|there|here|on|outside|inside|by|around|close|far|under|without|alone|somewhere|paycheck)\b))/ },
  { kind: 'suicide', pattern: /\b(?:want|wanna|wish) (?:it|everything|it all|this|the pain|all of (?:it|this)|my life|life) (?:all )?(?:to )?(?:just |all )?(?:stop|end|be over)\b|\b(?:make|let) (?:it|it all|everything|the pain) (?:all )?(?:stop|end)\b/ },
  { kind: 'suicide', pattern: /\bend(?:ed|ing)? (?:it(?: all)?|things|everything|myself)\b(?! with| for| at| between| early| off| on | up| here| now and)/ },
  { kind: 'suicide', pattern: /^(?:i'm|i am|i'm just|honestly i'm) (?:so |just |really |completely |totally )?(?:done|finished|through)(?: with (?:all of |all )?(?:this|it|everything|life|living|it all|myself|trying))?(?: (?:now|anymore|for good|forever))?$|\bready to be done\b/ },
  { kind: 'suicide', pattern: /\bwhat'?s (?:even )?the point(?: of (?:anything|it all|living|life|trying|going on|even trying|being (?:here|alive)|me|waking up))?(?: (?:anymore|now|really|honestly|then|lol))?$|\b(?:there'?s|there is|i see|i don'?t see|no) (?:no |any )?(?:point|reason|purpose) (?:for me )?(?:to |in |for )?(?:anything|be here|being here|being alive|live|living|exist|existing|go on|going on|keep going|stay|staying|wake up|waking up|life|trying)\b|\b(?:don'?t|can'?t) see (?:the|a|any) (?:point|future|reason)(?: (?:anymore|in anything|for me))?$/ },
  { kind: 'suicide', pattern: /\blife (?:has|holds) no (?:meaning|point|purpose)\b|\b(?:my )?life (?:is|feels) (?:so )?(?:pointless|meaningless|worthless|over|empty)\b|\bno (?:future|hope) (?:for me|left)\b|\btired of (?:being alive|living|existing|life)\b/ },
  { kind: 'suicide', pattern: /\b(?:easier|better|simpler|happier|lighter) (?:for (?:everyone|everybody|them|my \w+) )?(?:if|when|once) i (?:just )?(?:didn'?t exist|wasn'?t (?:here|around|alive)|was (?:gone|dead)|vanished|vanish|left forever|were (?:gone|dead)|died|disappeared|was never born|left for good)\b|\b(?:relieved|free|fine|happier) (?:if|when|once) i(?:'m| am| was| were) gone\b/ },
  { kind: 'suicide', pattern: /\b(?:go to sleep|fall asleep|sleep) and (?:not|never|don'?t) (?:wake|waking) up\b|\bstay asleep forever\b|\b(?:asleep|sleep) forever\b/ },
  { kind: 'suicide', pattern: /\b(?:saying|say|said) (?:my )?goodbyes?(?:$| (?:now|forever|for good)| to (?:everyone|everybody|you all|y'all|the world|you|my (?:family|kids|friends|loved ones)))|\b(?:this is|these are) (?:my )?(?:last|final) (?:message|words|text|goodbye|note)\b|\b(?:last|final|goodbye|suicide) (?:letters?|notes?|texts?|messages?|videos?|posts?)\b(?! (?:to|for) (?:my|the|our) (?:old |former )?(?:job|work|team|coworkers?|boss|landlord|school|class|apartment|neighbou?rhood|church|group))|\b(?:wrote|writing|written|write|left) (?:\w+ ){0,2}(?:letters?|notes?) (?:to \w+(?: \w+)? )?(?:in case|for when|for after|to say goodbye)\b|\b(?:in case|for when|after|once|if|when) i(?:'m| am)? (?:not (?:here|around|alive|in it)|gone|dead)\b/ },
  { kind: 'suicide', pattern: /\b(?:have to|need to|will have to|'ll have to) (?:deal with|worry about|put up with|take care of|see|hear from) me (?:after|anymore|again|much longer|soon)\b|\bnoone (?:will|would|'ll) (?:have to|need to) (?:deal with|worry about|put up with|see) me\b/ },
  { kind: 'suicide', pattern: /\b(?:giving|gave|give|been giving) (?:away )?(?:all )?(?:my|of my) (?:stuff|things|belongings|possessions|pets?|dog|cat|stuff away|things away|belongings away)(?: away)?\b(?! (?:to (?:\w+ )?(?:charity|goodwill|the thrift))| because i'?m moving| to (?:a|an) (?:good|new|loving) home| to (?:a|the) (?:shelter|rescue))/ },
  { kind: 'suicide', urgent: true, pattern: new RegExp(String.raw`\b(?:saving|saved|stockpil\w*|hoard\w*|collect\w*|stashing|stashed) (?:up )?(?:all )?(?:of )?(?:my |enough |the |his |her )?${MEDS}\b|\benough (?:\w+ )?${MEDS}(?: \w+){0,2} (?:to|for) (?:die|not wake|end|kill|od|overdose)\b|\b${MEDS} everywhere\b`) },
  { kind: 'suicide', urgent: true, pattern: /\b(?:take|taking|took|swallow|swallowing) (?:all|every|the whole|a whole|the rest of)(?: of)? (?:my |the |these |those |this |that )?(?:\w+ )?(?:pills?|meds|bottle|medications?|insulin|tablets)\b|\b(?:take|taking|swallow|swallowing) (?:all|every|the whole|a whole)(?: of)? (?:my |the )?\w+(?: \w+)? at once\b|\bswallow (?:everything|it all|all of (?:it|them))\b|\b(?:pills|meds|tablets)(?: \w+){0,3} (?:lined up|counted out|in my hand)\b|\b(?:drink|drinking|use|using) until i (?:die|don'?t wake|never wake|pass out for good)\b/ },
  { kind: 'suicide', urgent: true, pattern: /\bnoose\b|\brope (?:around|on) (?:my )?neck\b|\b(?:tied|tie|tying|hung|hang|hanging|set up|put up|rigged) (?:up )?(?:a |the |my )?(?:rope|cord|belt) (?:in|from|on|to|around|over) (?:the |my |a )?(?:closet|ceiling|beam|rafters?|tree|door|railing|neck|bathroom|garage|shower|pipe|bar)\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:use|using|turn|turning|point|pointing|put|putting|held|hold|holding) (?:it|the gun|a gun|my gun|the knife|a knife|the blade|a blade|the pills|them) (?:on|to|at|against) (?:myself|my (?:own )?(?:head|chest|temple|wrists?|throat|mouth))\b/ },
  { kind: 'suicide', pattern: /\bhow (?:many|much) (?:of )?(?:my |the |these )?(?:\w+ )?(?:pills|meds|tylenol|insulin|tablets|fentanyl|heroin|xanax|oxy\w*)(?: \w+){0,3} (?:take|kill|lethal|fatal|to die|to od|to overdose)\b|\b(?:lethal|fatal) (?:dose|amount)\b|\b(?:looked|looking|look|search\w*|googl\w*) (?:up )?(?:how to (?:die|kill myself|hang|overdose|end it)|ways to (?:die|end it))/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:step|stepping|walk|walking|jump|jumping|throw myself|lie down|lay down|run|running) (?:out )?(?:in front of|onto|into) (?:a |the |an )?(?:\w+ )?(?:train|bus|truck|car|traffic|tracks|freeway)\b|\b(?:jump|jumping|leap|leaping|throw myself|fling myself) (?:off|from|into) (?:a |the |this |my |an )?(?:\w+ )?(?:bridge|building|roof|overpass|cliff|balcony|window|freeway|garage|tower|ledge|bay|ocean|river)\b/ },
  { kind: 'suicide', pattern: /\b(?:slit|slice|slash|open|cut) (?:my|both) (?:wrists?|throat|veins?)\b/ },
  { kind: 'suicide', pattern: /\b(?:my own|planning my|plan my|picture my|picturing my|imagine my|imagining my) funeral\b|(?<!\b(?:glad|happy|grateful|lucky|thankful) (?:about |for |of )?)\bbeing alive\b|\b(?:a|such a) (?:burden|waste of space)\b|\b(?:better|easier|happier|fine|lighter|simpler|off)\b(?: \w+){0,4} without me\b/ },
  { kind: 'suicide', pattern: /\bi (?:just |would |could |might )?(?:didn'?t|don'?t|never|wouldn'?t) wake up\b(?! (?:late|early|in time|on time)\b)|\b(?:can'?t|cannot) (?:do|take|handle|deal with|bear|stand) (?:it|this|this life|life|any of this|any of it)(?: \w+)? anymore\b/ },
  // Danger words that are seldom said lightly: a net under the families above.
  { kind: 'suicide', pattern: /\b(?:i|i'm|i've|me|myself)\b(?: \w+){0,8} (?<key>die|dying|dead|death)\b(?! (?:down|out|off|of old age)\b)/d },
  { kind: 'suicide', pattern: /\b(?:die|dying|dead|death)\b(?: \w+){0,3} (?:for me|than live|is better)\b|\bbleed(?:ing)? out\b|\bhow long (?:it takes |does it take )?to (?:die|bleed out|drown|suffocate|od|overdose)\b/ },
  { kind: 'suicide', pattern: /\b(?:hope|hoping|wish|wishing|pray|praying) (?:that )?(?:i|something|someone|a \w+) (?:\w+ )?(?:crash|crashes|die|dies|kills? me|hits? me|runs? me over|ends? it|don'?t make it)\b|\b(?:walk|walking|swim|swimming|drive|driving) (?:out )?(?:into|off into) (?:the )?(?:ocean|sea|bay|river|lake|water|traffic)\b|\b(?:doing|do) (?:everyone|everybody|the world|them|my family) a favou?r (?:by|if i)\b/ },
  { kind: 'suicide', pattern: /\bnothing (?:left )?(?:left for me|to live for)\b|^(?:i'm|i am) (?:checking )?out$|^(?:i'm |i am )?(?:so |just |really )?done with (?:everything|it all|life|living|all of (?:it|this))\b(?! (?:at|in|here|for today|today|on)\b)|\bend (?:my|the) (?:suffering|pain)\b(?! in)|\bdisappear\w*(?: \w+){0,2}$/ },
  { kind: 'suicide', pattern: /^no (?:despertar|volver a despertar)\b|\b(?:dormir|dormirme) (?:y|para) (?:no|nunca) despertar\b|\b(?:parad[oa]|estoy|sentad[oa]|arriba) (?:en|sobre) (?:el|la|un|una) (?:puente|azotea|techo|cornisa|orilla|vias)\b|\b(?:acabar|terminar) con (?:mi sufrimiento|mi dolor|esto de una vez)\b|\bsoy (?:una|un) (?:carga|estorbo)\b|\bno (?:veo|hay|tengo|encuentro) (?:ninguna )?salida\b/ },
  { kind: 'suicide', pattern: /\bfree (?:of|from) (?:all )?(?:this|the|my) pain\b|\bfinally (?:be )?at (?:peace|rest)\b|\b(?:thinking|think|thought|keep thinking) (?:a lot )?about (?:the )?(?:train )?(?:tracks|ledge|rope|noose|pills|gun)\b/ },
  { kind: 'suicide', pattern: /\bstop feeling (?:anything|everything)\b|\b(?:noone|nobody) will (?:ever )?find me\b|\b(?:lie|lay|lying|laying) down (?:on|in) (?:the )?(?:freeway|highway|tracks|train tracks|traffic)\b|\bend(?:ing)? (?:this|it) (?:today|tonight|now|for good|soon)\b|\bwaste away\b|\bstop(?:ped)? eating on purpose\b|\bdying inside\b/ },
  { kind: 'suicide', urgent: true, pattern: new RegExp(String.raw`\bvoices? (?:\w+ ){0,4}(?:tell|telling|say|saying|says|told|said|want|wants|make|making) (?:me )?(?:to |that i should |i should |i need to )?(?:kill|hurt|harm|die|jump|cut|stab|burn)\b|\buse (?:\w+ ){0,2}on myself\b|\b(?:going to|gonna|want to|wanna|about to|plan(?:ning)? to|will|might|could|trying to) (?:just )?od\b|\bmix(?:ed|ing)? (?:all )?(?:of )?(?:my |the |some )?${MEDS} (?:with|and) (?:vodka|alcohol|booze|liquor|whiskey|beer|wine|tequila|drinks?)\b|\b(?:gun|pistol|rifle) (?:is )?loaded\b|\bloaded (?:the |my )?(?:gun|pistol|rifle)\b`) },
  { kind: 'suicide', pattern: /\blife insurance (?:would|will|could) (?:help|pay|take care)\b|\b(?:won'?t|will not|isn'?t going to) be a tomorrow\b|\bno tomorrow for me\b|\b(?:writing|wrote|write|made|making) (?:my|a) (?:will|last will)\b|\bwhy (?:keep|go on|bother) (?:living|existing|waking up|trying)\b|\bwhy (?:am i|should i) (?:still )?(?:alive|here|live)\b|\bwhy live\b/ },
  { kind: 'suicide', pattern: /\bdormir para siempre\b|\bno despertar nunca\b|\bmuriendo por dentro\b|\b(?:acabar|terminar) con esto\b(?! del| de la| de los)/ },
  { kind: 'suicide', pattern: /\b(?:relief|better|easier|peaceful|nice|best) (?:to|if i) (?:just )?(?:die|died|be dead|not exist|not wake up)\b|^i (?:have|'ve got|got|made) a plan$|^i (?:have|got|'ve got) (?:the|a|my) (?:pills|rope|noose|gun|razor|blade)$|\b(?:no|any|a) (?:reason|point|purpose) (?:to|in|for) (?:keep going|go on|going on|live|living|be here|being here|stay alive|exist|existing|wake up|keep living)\b/ },
  { kind: 'suicide', pattern: /\b(?:can'?t|don'?t think i can|not sure i can|can no longer) (?:do|take|handle|keep doing|survive|bear|hold on)(?: (?:this|it|life|any of this))? (?:much |any )?(?:longer|more|anymore)\b|\b(?:wants?|ready|wanna|need) to (?:just )?let go$|\b(?:no|ya no) quiero (?:estar|seguir) (?:aqui|en este mundo|viv[oa]|en esta vida)\b/ },
  { kind: 'self-harm', pattern: /\b(?:took|take|taking|put|held|hold) (?:a |the |my )?(?:razor|blade|knife|lighter|scissors) to my (?:\w+ )?(?:arm|arms|wrists?|legs?|thighs?|skin|body|stomach)\b/ },
  // Spanish, generalized: reflexive ways of dying, "better without me", "no meaning", "tired of living".
  { kind: 'suicide', pattern: /\b(?:matarme|suicidarme|colgarme|ahorcarme|envenenarme|dispararme|morirme|quitarme la vida)\b|\bpegarme un tiro\b|\bcortarme las venas\b|\b(?:tirarme|aventarme|lanzarme|arrojarme) (?:del|de un|de una|de la|al|a las vias|por la|frente)\b|\bme (?:quiero|voy a|voy|pienso|quisiera) (?:aventar|tirar|lanzar|arrojar|colgar|ahorcar|matar|suicidar|morir)\b/ },
  { kind: 'suicide', pattern: /\bsi (?:me )?(?:muero|muriera|mato|matara|desaparezco|desapareciera)\b|\b(?:tomar(?:me)?|tragar(?:me)?) (?:todas|todo|muchas|el frasco|un frasco)\b|\bmejor (?:me muero|morirme|muert[oa]|me mato|desaparezco)\b|\b(?:ir(?:me)?|desaparecer) para siempre\b|\b(?:usarla|usarlo|usar\w*|apuntar\w*|disparar\w*) contra mi\b|\b(?:cansad[oa]|me canse|hart[oa]) de todo\b/ },
  { kind: 'suicide', pattern: /\b(?:estarian|estaria|estarias|estan|vivirian|seria) mejor sin mi\b|\b(?:veo|encuentro|tiene|hay) (?:ningun |algun )?sentido (?:a |en )?(?:la vida|vivir|nada|seguir|mi vida)\b|\bla vida no tiene sentido\b|\b(?:cansad[oa]|hart[oa]) de (?:vivir|la vida|estar viv[oa]|existir)\b|\b(?:acabar|terminar) con (?:todo|mi vida)\b|\bno quiero (?:vivir(?! (?:en|con|cerca|lejos|aqui|ahi|alli|alla)\b)|seguir|despertar|existir)\b|\bsuicid\w*/ },
  // Self-harm.
  { kind: 'self-harm', pattern: /\b(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|starve|starving|punish|punishing) myself\b/ },
  { kind: 'self-harm', pattern: /\bself[- ]?(?:harm\w*|injur\w*)/ },
  { kind: 'self-harm', pattern: /\b(?:punch|punching|hit|hitting|bang|banging) (?:walls?|my head)\b.*\b(?:until|till) (?:my \w+ )?(?:bleed|bleeds|bled|bleeding|break)\b/ },
  { kind: 'self-harm', pattern: /\bcut (?:my|both) (?:wrists?|arms?|legs?|thighs?)\b|\b(?:cutting|cut) again\b|\b(?:been|started|keep|still) cutting\b/ },
  { kind: 'self-harm', pattern: /\b(?:cortarme|me corto|me estoy cortando|me sigo cortando|hacerme dano|me hago dano|lastimarme|me lastimo|me estoy lastimando|autolesion\w*)\b/ },
  { kind: 'self-harm', pattern: /\b(?:cut|cuts|cutting|carv(?:e|ed|ing)|slash(?:ed|ing)?|scratch(?:ed|ing)?|burn(?:ed|t|ing|s)?|stab(?:bed|bing)?) (?:into )?(?:my|myself on my) (?:own )?(?:arms?|thighs?|wrists?|legs?|skin|stomach|hips?|belly|body|chest)\b/ },
  { kind: 'self-harm', pattern: /\b(?:punch|punching|punched|slap|slapping|slapped|bite|biting|bit|scratch|scratching|scratched|choke|choking|choked|stab|stabbing|stabbed) myself\b|\bon purpose\b.{0,60}\b(?:cut|burn|hurt|hit|bled|bleed)|\b(?:cut|burn|burned|hurt|hit)\b.{0,60}\bon purpose\b|\buntil (?:it|they|i|my \w+) (?:bleeds?|bled|bleeding|scars?)\b/ },
  { kind: 'self-harm', pattern: /\brelaps\w* (?:on |with |into |back into )?(?:cutting|self[- ]?harm\w*|burning)\b|\b(?:want|wanna|urges? to|need|craving|itching) (?:to )?(?:cut|burn myself)(?=$| so| really| again| tonight| right now| deep| bad)/ },
  { kind: 'self-harm', pattern: /\b(?:bang|banging|banged|bash|bashing|bashed|hit|hitting|slam|slamming|slammed) my head (?:against|on|into) (?:the |a )?(?:wall|floor|door|table|ground)\b|\b(?:urges?|craving) to (?:self[- ]?harm|cut|burn|hurt myself)\b/ },
  { kind: 'self-harm', pattern: /\b(?:from|about|urge|urges|relapsed|relapse|scars|been|started|keep|still|stop) cutting\b(?! (?:back|down|off|out|in|up|corners|costs|hair|class|classes|school|grass|wood|paper|onions?|vegetables|coupons|through|ties))|\bpunch(?:ed|ing)? (?:the |a )?(?:mirror|wall|window|glass)\b/ },
  { kind: 'self-harm', pattern: /\bme (?:corte|corto|cortaba|estoy cortando|queme|quemo|lastime|lastimo|hice dano) (?:otra vez |de nuevo )?(?:los|las|el|la|mis|mi) (?:brazos?|piernas?|munecas?|venas|piel)\b|\bcortandome\b/ },
  // Harm to others.
  { kind: 'harm-to-others', urgent: true, pattern: new RegExp(String.raw`\b${INTENT} ${HARM_VERB} ${TARGET}\b(?!'s| feelings| pride| chances)`) },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:use|using|pull|pulling|turn|turning) (?:it|them|the (?:gun|knife|bat)|a (?:gun|knife|bat)|my (?:gun|knife|bat)) on (?:him|her|them|someone|somebody|my \w+)\b/ },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:ganas de|quiero|voy a|pienso) (?:matar|lastimar|apunalar|golpear|disparar)(?:le|les)? a (?:mi|mis|ese|esa|ese tipo|alguien|\w+)\b|\b(?:matarlo|matarla|matarlos|apunalarlo|dispararle)\b/ },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:homicidal|shoot up (?:the|my|a) \w+)\b/ },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:voy a|quiero|lo voy a|la voy a|los voy a|tengo ganas de) (?:matarlo|matarla|matarlos|matar a|lastimarlo|lastimarla|hacerle dano)\b|\b(?:lo|la|los) voy a matar\b/ },
  // Abuse and domestic violence.
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER} (?:hits|hit|beats|beat|chokes|choked|strangles|strangled|punches|punched|slaps|slapped|kicks|kicked|grabbed|groped|hurts|hurt|abuses|abused|rapes|raped|molests|molested|touches|touched|attacks|attacked|assaults|assaulted|pushes|pushed|shoves|shoved|burns|burned|locks|locked|threatens|threatened|traffics|trafficked) (?:(?:me|us)\b(?! (?:to|at) (?:the|a|it)\b)|my \w+\b)`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: is| are|'s|'re|'ve been| has been| keeps) (?:hitting|beating|hurting|choking|attacking|abusing|raping|touching|threatening) me\b`) },
  { kind: 'abuse', pattern: /\b(?:being|been|getting|got|was|am|i'm) (?:abused|beaten|beat up|raped|assaulted|sexually assaulted|molested|trafficked)\b/ },
  { kind: 'abuse', pattern: /\bdomestic (?:violence|abuse)\b|\babusive\b|\brape[ds]?\b|\bsexual(?:ly)? (?:assault|assaulted|abuse|abused)\b|\btraffick\w*/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: is| are|'s|'re)? (?:threatening|threatened|threatens|trying|tried|going|gonna|wants|will|said (?:he|she|they)(?:'d| would| will| is going to))(?: to)? (?:kill|hurt|beat|shoot|stab) me\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:afraid|scared|terrified) (?:of |that )?${ABUSER}(?:'ll| will| is going to| might| could)? (?:hurt|kill|hit|find(?! out)|beat)\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\bnot safe (?:at home|with ${TARGET})\b`) },
  { kind: 'abuse', pattern: /\bwho (?:hurts|hits|beats|abuses|threatens|rapes|attacks|chokes) me\b/ },
  { kind: 'abuse', pattern: /\b(?:he|she|they|someone|somebody)(?:'ll|'d| will| would| is going to| are going to| gonna| was going to| wants to| want to) (?:kill|hurt|beat|shoot|stab) me\b/ },
  { kind: 'abuse', pattern: /\b(?:me quiere|me quieren|me va a|me van a) (?:hacer dano|lastimar|matar|pegar)\b/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER} (?:won'?t|doesn'?t|will not|does not|never) let me (?:leave|go out|go outside|see my|have my (?:phone|id|papers|money))\b|\b(?:took|takes|keeps) my (?:phone|id|passport|papers) (?:so|and) i can'?t\b|\bthreatening me\b`) },
  { kind: 'abuse', pattern: /\b(?:me pega|me pego|me golpea|me golpeo|me maltrata|me maltrato|me abusa|abusa de mi|abuso de mi|me violo|me violaron|me viola|me toca|me amenaza|me amenazo|me quiere matar|me va a matar|me ahorca|me ahorco)\b/ },
  { kind: 'abuse', pattern: /\b(?:violencia domestica|violencia familiar|maltrato|abuso sexual|violacion|trata de personas)\b/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: (?:always|still|also|keeps|kept|just|sometimes|then|again))? (?:starves|starved|slammed|slams|threw|throws|dragged|drags|bit|bites|stomped|smacked|smacks|whipped|whips|pinned|tied|chased|strangled|suffocated|smothered|spit on|spat on|sexually assaulted|forced|hit|hits|beat|beats|choked|chokes|kicked|kicks|punched|punches|pushed|pushes|slapped|slaps|raped|touched|touches|molested|molests|hurts|hurt|abuses|abused|locks|locked|burned|burns) (?:me|us|my (?!feelings|pride)(?:\w+ )?\w+|our \w+|the (?:kids|baby|children))\b(?! (?:to|at) )`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: is| are|'s|'re|'s been|'ve been| has been| keeps| kept)? (?:hitting|beating|hurting|choking|attacking|abusing|raping|touching|threatening|molesting|slapping|punching|kicking|grabbing|groping|pushing|shoving|burning|following) (?:me|us|him|her|them|my (?!feelings|pride)(?:\w+ )?\w+|our \w+|the (?:kids|baby|children))\b`) },
  { kind: 'abuse', pattern: /^(?:he |she |they )?(?:also |still |always |sometimes |then |now )?(?:hits|beats|chokes|strangles|slaps|punches|kicks|touches|rapes|molests|gropes|threatens|hurts|abuses|attacked|hit|beat|choked|strangled|slapped|punched|kicked|raped|molested|groped|threatened) (?:me|us)\b(?! (?:to|at) )/ },
  { kind: 'abuse', pattern: /(?<!\b(?:it|this|that|reality|idea|thought|wave|sadness|loneliness|depression|anxiety|sun|light|song|music) )\b(?:hits|beats|chokes|strangles|slaps|punches|kicks|rapes|molests|gropes) me\b|\btouch(?:es|ed|ing)? me (?:there|down there|inappropriately|at night|in my sleep|when)\b|\b(?:comes|came|coming) into my (?:room|bed) at night\b|\btouch(?:es|ed)? my (?:privates?|private parts|breasts?|butt|body)\b/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:he|she|they|my ${PARTNER})(?: \w+)? (?:took|takes|taking|hid|hides|hiding|smashed|smashes|broke|breaks|keeps|kept|won'?t give (?:me )?back) (?:away )?my (?:phone|id|passport|papers|documents|keys|car keys|money|meds|medication|wallet|cards?|shoes|clothes|coat)\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:he|she|they)(?:'ll|'d| will| would| is going to| are going to| gonna| was going to| said (?:he|she|they)(?:'d|'ll| would| will)) (?:kill|hurt|beat|shoot|stab|take away) (?:me|us|the kids|the baby|the children|my \w+|our \w+)\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:scared|afraid|terrified|frightened) (?:to go|of going) (?:back )?home\b|\b(?:scared|afraid|terrified|frightened) of (?:my )?(?:husband|wife|partner|boy ?friend|girl ?friend|bf|gf|ex|dad|father|step ?dad|mom|mother|pimp|spouse|him|her)\b(?! (?:getting|being|finding out|losing))`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: \w+)? (?:won'?t|doesn'?t|will not|does not|never) let me (?:leave|go|out|eat|sleep|call|talk|see|have)\b|\b(?:locks?|locked|locking) me (?:in|up|out)\b|\bthreaten(?:s|ed|ing)? me\b|\b(?:threaten|threatened|threatens|threatening) (?:\w+ ){0,2}with a (?:knife|gun|weapon|bat)\b`) },
  { kind: 'abuse', pattern: /\bforc(?:e|ed|es|ing) (?:me )?(?:to )?(?:have sex|into sex|do sexual|into (?:doing )?sexual)|\b(?:made|make|makes|forced|forces|pressured) me (?:to )?(?:have sex|do (?:sexual|sex)|sleep with|perform|give him|touch (?:him|her|his|her))|\bsexual (?:things|stuff|acts?|favors?)\b|\bdrugged\b|\bhad sex with me (?:while|when|after)\b|\bwithout (?:my )?consent\b|\bnon-?consensual\b/ },
  { kind: 'abuse', pattern: /\bme (?:pega\w*|pego|golpe\w*|maltrat\w*|encerr\w*|encierra\w*|ahorc\w*|estrangul\w*|empuj\w*|pate\w*|amenaz\w*|viol\w*|manose\w*|cachete\w*|quema|quemo|quito (?:el|mi) (?:telefono|celular))\b|\babus\w* (?:sexualmente )?de (?:mi|mis|nosotr\w*|ella|el)\b/ },
  { kind: 'abuse', pattern: /\bthreat\w* (?:to |that (?:he|she|they)(?:'ll| will| would| is going to) )?(?:kill|hurt|shoot|stab|beat|burn)\b|\b(?:makes?|made|forces?|forced) me (?:do |touch )?(?:things|stuff|it)? ?(?:to|with|for) (?:him|her|them)\b|\b(?:comes?|came|coming|walks?|walked|walking|barges?|barged) (?:in|into) (?:the |my )?(?:room|bathroom|bed|shower)\b.{0,80}\b(?:when|while) i(?:'m)? (?:shower|sleep|change|dress|bath|undress)|\b(?:watches|watching|watched) me (?:shower|change|undress|sleep)\b/ },
  { kind: 'abuse', pattern: /\b(?:clothes|pants|underwear|shirt) (?:were|was) (?:off|gone|torn|ripped)\b|\bwoke up (?:naked|with no clothes|without my (?:clothes|pants))\b|\bdon'?t remember (?:anything|what happened)\b.{0,80}\b(?:drink|party|guy|man|him|woke up)|\bbruis(?:es|ed) (?:all over|on (?:my|his|her|their))|\b(?:covered in|all over|full of) bruises\b/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:${ABUSER}|(?:his|her|their) (?:dad|father|mom|mother|step ?dad|step ?mom|uncle|boy ?friend|husband))(?: (?:always|still|also|keeps|kept|just|sometimes|then|again))? (?:hits|hit|beat|beats|chokes|choked|strangled|strangles|raped|rapes|molested|molests|burned|burns|whipped|whips|kicked|kicks|punched|punches|slapped|slaps) (?:him|her|them)\b(?! (?:at|in|to) )`) },
  { kind: 'abuse', pattern: /\bme (?:jal\w*|avent\w*|arrastr\w*|mordi\w*|muerde|escupi\w*|tiro) (?:del|de la|de los|al|a la|contra|por)\b/ },
  { kind: 'abuse', pattern: /\b(?:sells?|sold|selling|rents?|rented|trades?|traded) (?:me|us|my body)(?: out)? (?:to (?:his|her|their|other|some|these|a) (?:friends|men|guys|people|customers|clients)|for (?:sex|money|drugs))|\bpimp(?:s|ed|ing)? me\b|\bmakes? me (?:work the street|sell myself|sleep with)\b|\b(?:if i (?:don'?t|didn'?t|won'?t|wouldn'?t)|unless i|or else)(?: \w+){0,2}? (?:sleep with|have sex with|touch|kiss) (?:him|her|them)\b|\b(?:wants|wanted|pressur\w*|making|forc\w*) me (?:to )?(?:sleep with|have sex with) (?:him|her|them)\b/ },
  { kind: 'abuse', pattern: /\b(?:put|slipped|spiked|dropped) (?:something |a pill |drugs? )?(?:in|into) my drink\b|\bdrink (?:was|got) spiked\b|\bwoke up (?:in|at) (?:a )?stranger'?s\b|\b(?:locked|locks|lock) (?:me )?(?:in|inside) (?:the|a|my|his|her) (?:closet|room|basement|car|bathroom|shed|garage|trunk)\b|\bme locked (?:in|up|inside)\b|\bkeeps? me from (?:eating|sleeping|leaving|seeing|calling|talking to|going out)\b/ },
  { kind: 'abuse', pattern: /\bno me (?:deja|dejan|dejo) (?:salir|ir|irme|comer|dormir|hablar|ver|llamar|trabajar)\b|\bme (?:quito|quita|esconde|escondio|rompio) (?:mis|mi|el|la|los) (?:papeles|documentos|identificacion|telefono|celular|pasaporte|dinero)\b/ },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:smash\w*|bash\w*|cav\w*|kick\w*|crack\w*) (?:in )?(?:his|her|their) (?:head|face|skull|teeth)(?: in)?\b|\bwith (?:him|her|them) (?:still )?in it\b|\bburn (?:his|her|their) (?:house|car|tent|place)(?: down)?\b/ },
  { kind: 'abuse', pattern: /\b(?:sneaks?|sneaked|snuck|comes?|came|gets?|got|crawls?|crawled|climbs?|climbed) into my bed\b|\b(?:makes?|made|forced|forces|locks?|locked|kicked) me (?:to )?(?:sleep|stay|stand|wait) outside\b|\b(?:starves?|starved|denies?|denied) me (?:food|meals)\b|\b(?:le|les) (?:pega|pego|golpea|golpeo|maltrata|maltrato|abusa|abuso|viola|violo|amenaza) a (?:mi|mis)\b|\bme (?:rompio|rompe|quebro|quiebra|fracturo|torcio) (?:el|la|los|las|mi|mis) (?:brazo|pierna|nariz|costillas?|mano|dedo|dientes?|cara)\b/ },
  { kind: 'abuse', pattern: /\b(?:hands?|arms?|rope|belt|cord) (?:around|on) (?:my|her|his|their) (?:neck|throat)\b/ },
  { kind: 'abuse', pattern: /\b(?:me )?oblig\w* a (?:tener relaciones|tener sexo|acostarme|hacer cosas)\b|\bme forz\w*|^(?:my )?(?:bf|gf|boyfriend|girlfriend|husband|wife|partner|ex)(?: \w+)? (?:hit|hits|beat|beats|choked|chokes|raped|slapped|punched|kicked) me\b/ },
  // Medical emergency.
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:overdos\w*|od'?d|od'?ing)\b|\bo\.d\./ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:can't|cant|cannot|can not|couldn't) breathe\b(?! (?:through|out of) (?:my|his|her) nose| in (?:this|the|here) (?:\w+ )?(?:smok\w*|dust\w*|heat|smell\w*|shelter|room|place|building))|\b(?:trouble|hard time|difficulty) breathing\b|\b(?:not|stopped|isn't|is not|isnt) breathing\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bturning blue\b|\blips are blue\b|\bdesangr\w*|\b(?:he|she|they|my \w+|friend|baby|someone|somebody|person)(?: is|'s| are|'re)? (?:not|isn'?t|aren'?t|stopped) (?:moving|responding)\b|^(?:isn'?t|is not|not|stopped|won'?t stop) (?:moving|responding|breathing)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bstabbed\b|\b(?:got|been|was|were|just got|just been) shot\b|\bshot (?:me|him|her|them|my \w+)\b(?! a )/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\ballergic reaction\b|\bthroat (?:is )?(?:closing|swelling)\b|\banaphyla\w*|\bbleeding (?:from|out of) (?:his|her|my|their|the) (?:head|neck|chest|stomach|mouth|ears?)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:took|taken|swallowed) (?:(?:like|about|around|maybe|almost|over|at least) )?(?:\d+|twenty|thirty|forty|fifty|a handful of|a lot of|so many) (?:of )?(?:my |the |his |her )?(?:pills|meds|medications?|tablets|sleeping pills)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bchest pains?\b|\bheart attack\b|\bhaving a stroke\b|\bseizure\w*/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:unconscious|unresponsive|passed out and|won't wake up|wont wake up|can't wake (?:him|her|them) up)\b|\b(?:isn'?t|is not|not|won'?t|will not) waking up\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:swallowed|drank|drunk|ate|took) (?:some )?(?:bleach|poison|rat poison|antifreeze|detergent|cleaning (?:stuff|products?))\b|\bpoisoned\b|\b(?:tomo|trago|se tomo|me tome) (?:cloro|veneno)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bbleeding (?:a lot|badly|heavily|everywhere|really bad|won't stop|wont stop)\b|\b(?:took|swallowed|taken) (?:too many|a bunch of|all (?:of )?(?:my|the)|a whole bottle of) (?:pills|meds|medication|tablets)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:sobredosis|no puedo respirar|no puede respirar|no respira|dolor (?:en el|de|del) pecho|ataque al corazon|convulsion\w*|inconsciente|no despierta|sangrando mucho|me tome (?:todas las|muchas) pastillas|tome (?:todas las|muchas) pastillas)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bchest (?:hurts|is hurting|pains?|feels (?:tight|heavy|like)|is (?:so |really )?tight|tightness|pressure)\b|\b(?:left )?arm (?:is |went |going )?(?:numb|tingling)\b|\bface (?:is )?(?:drooping|droopy|numb)\b|\bslurr(?:ed|ing)\b|\bstroke\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:can't|cannot|can not|couldn't) (?:catch (?:my|his|her|their) breath|breathe?|get (?:enough )?air)\b(?! (?:through|out of) (?:my|his|her) nose| in (?:this|the|here) (?:\w+ )?(?:smok\w*|dust\w*|heat|smell\w*|shelter|room|place|building))|\bgasping\b|\bchoking\b(?! on (?:my |the )?(?:words|tears|this))/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:won'?t|will not|isn'?t|is not|doesn'?t|does not|stopped|not|can't get (?:him|her|them) to) (?:respond|responding|wake|waking|move|moving|breathe|breathing)\b(?! to | up (?:early|late|on time|in time))/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\btoo (?:much|many) (?:of )?(?:my |his |her |their |the )?(?:\w+ )?(?:fentanyl|fent|heroin|dope|pills|xanax|bars|oxy\w*|opioids?|meth|coke|cocaine|tylenol|insulin|meds|medicine|medications?|tablets)\b|\b(?:swallowed|ate|drank|got into) (?:some |a |my |the |his |her |a bunch of |a lot of |\d+ )?(?:\w+ )?(?:pills|meds|medicine|tablets|batteries|battery|bleach|poison|detergent|pods|fentanyl|edibles)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bblood sugar (?:is )?(?:really |very |super |so |way )?(?:low|high|dropping|crashing)\b|\b(?:diabetic|insulin) (?:shock|emergency|coma)\b|\bhypoglyc\w*|\b(?:collapsed|fainted|passed out|seizing|convulsing)\b|\bbleeding (?:a lot|so much|badly|heavily|everywhere|really bad|won't stop)\b|\b(?:got|been|was|i'm|im) stabbed\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:me duele|dolor) (?:mucho |demasiado )?(?:en )?el pecho\b|\bme falta (?:el )?aire\b|\b(?:tome|trague|tomo|se tomo|me tome|me trague|se trago) (?:todas|muchas|demasiadas|un monton de|un frasco de|un bote de)\b|\bconvulsion\w*|\bse desmayo\b|\bno (?:responde|reacciona|se mueve)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bcan'?t feel (?:my|his|her) (?:legs?|arms?|face|body|side)\b|\bchest (?:is |feels )?(?:\w+ )?(?:crushing|squeezing|tight|heavy|burning)\b|\bfoam\w* at the mouth\b|\b(?:barely|hardly|not|stopped|trouble|difficulty|hard time) breathing\b|\bbreathing (?:is )?(?:weird|strange|shallow|slow|funny)\b|\b(?:is|went|gone|so|really) limp\b|\b(?:won'?t|will not|doesn'?t|can'?t) stop (?:the )?bleeding\b|\b(?:throwing|throw|threw|coughing|cough|coughed|vomiting|puking|spitting) (?:up )?blood\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:so much|lots of|a lot of|too much|covered in|pool of) blood\b|\bblood (?:everywhere|all over|won'?t stop|is pouring|pouring)\b|\bheart (?:is )?(?:racing|pounding|beating (?:so |really )?fast|stopped|skipping)\b|\b(?:going to|gonna|about to|might|keep) pass(?:ing)? out\b|\bworst headache\b|\bcan'?t stop (?:throwing up|vomiting|bleeding|seizing)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:drank|ate|swallowed|got into|licked) (?:something|some|a|the|my|his|her)?(?: \w+){0,3} (?:under the sink|cleaning (?:stuff|supplies|products?)|cleaner|chemicals?|bleach|poison|detergent|pods|battery|batteries|antifreeze|drano|lye)\b|\bappendi(?:x|citis)\b|\b(?:pain|it) is (?:unbearable|excruciating)\b|\bworst pain\b|\basthma attack\b|\binhaler (?:isn'?t|is not|not|doesn'?t|does not) (?:working|helping)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:blue|gray|grey|pale) and (?:cold|not breathing|stiff|limp)\b|\b(?:cold|stiff) and (?:blue|not breathing)\b|\b(?:lips|face|skin|fingers) (?:are |is |look |looks |turned |turning )?(?:blue|gray|grey)\b|\b(?:is|are|turned|went|gone|looks?) (?:all |totally |really )?(?:blue|gray|grey)$|\bcan'?t wake (?:\w+ ){1,2}up\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bfell (?:off|from|down) (?:a|the) (?:roof|ladder|building|balcony|bridge|scaffold\w*|stairs|second floor)\b|\b(?:isn'?t|is not|won'?t|can'?t|not) (?:talking|speaking|making sense|open(?:ing)? (?:his|her|their) eyes)\b|\bbreathing (?:is )?(?:really |very |so )?(?:weird|strange|shallow|slow|funny|loud)\b|(?<!(?:almost|nearly) )\b(?:was|got|been|just got|just been) (?:hit|run over|struck) by (?:a|the) (?:car|truck|bus|train|vehicle)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:a lot of|lots of|so much|heavy) bleeding\b|\bwater broke\b|\bclutch\w* (?:his|her|my|their) (?:chest|heart)\b|\b(?:gushing|spurting|pouring) blood\b|\b(?:is|are) gushing\b|\b(?:cut|split) open\b|\bheart (?:feels like it'?s going to|is going to|is gonna|feels like it'?s gonna) (?:explode|burst|stop)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bhit (?:his|her|their) head\b|\b(?:is|seems|looks|acting|getting) (?:really |very |so )?(?:confused|disoriented)$|\bgoing into (?:shock|cardiac arrest|a coma|a seizure)\b|\b(?:swallowed|took|taken|drank|downed|ate) (?:a|the|an entire|a whole|half a|the whole|two) (?:bottles?|pack|box|handful|sleeve) of\b/ },
  // Immediate danger.
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:i'm|i am|we're|we are|im) in danger\b|\bin danger right now\b|\b(?:scared|afraid|fear|fearing|terrified) for my life\b|\btemo por mi vida\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:someone|somebody|a man|a guy|he|she|they)(?: is| are|'s|'re)? (?:breaking in(?:to)?|trying to (?:break|get) in|following me|chasing me|attacking me|outside my (?:door|tent|car|window)|(?:has|'s got|got|is holding|pulled) (?:a|his|her|their) (?:gun|knife|weapon))\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:banging|pounding|kicking|beating) (?:on|in) (?:my|the|our) (?:door|window|tent|car)\b|\b(?:guy|man|men|someone|somebody|person|woman|dude|people) with (?:a |an )?(?:gun|knife|weapon|machete|bat|pipe|crowbar|hammer|blade|box cutter|guns|knives)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:man|guy|someone|somebody|person) (?:outside|at|in) my (?:door|tent|car|window|room) with a (?:gun|knife|weapon)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:being|getting) (?:attacked|followed|chased|stalked)\b|\bhelp me (?:please )?(?:he|she|they)(?:'s| is| are|'re) (?:here|coming)\b/ },
  { kind: 'immediate-danger', pattern: /\b(?:i'm|i am|im) not safe\b(?! to (?:drive|work|operate))|\b(?:don't|dont|do not|never) feel safe\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:estoy en peligro|alguien (?:esta entrando|quiere entrar|me esta siguiendo|me sigue|me persigue)|(?:tiene|trae) (?:un arma|una pistola|un cuchillo))\b/ },
  { kind: 'immediate-danger', pattern: /\b(?:no estoy a salvo|no me siento (?:segur[oa]|a salvo))\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: new RegExp(String.raw`\b${STRANGER}(?: \w+){0,3}? (?:following|followed|chasing|chased|stalking|stalked|coming after|hunting) (?:me|us)\b|\b${STRANGER}(?: is| are|'s|'re)? (?:hiding|lurking|watching me|staring at me|waiting for me)\b`) },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:kick|kicking|break|breaking|bust|busting) (?:down |in )?(?:my|the) (?:door|window|tent)(?: down| in)?\b|\bsurround\w* (?:me|us|my (?:tent|car|house|place))\b|\b(?:going to|gonna|will|coming to|'ll|coming for me to) get (?:me|us)\b(?! (?:a|an|some|the|my|food|coffee|in|into|out|to|there|home|back|on|up)\b)|\b(?:coming|come) (?:for|after) (?:me|us)\b|\bthreatening (?:people|us|everyone|everybody)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:tratando de |quiere\w* |intenta\w* (?:de )?)(?:entrar|meterse|abrir la puerta)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: new RegExp(String.raw`\b(?:${STRANGER}|there'?s (?:a|some) (?:man|guy|stranger|person|dude)|there'?s (?:someone|somebody))(?: is| are|'s|'re)?(?: (?:right|standing|waiting|parked|hiding|still))? (?:outside|inside|in|at) my (?:door|tent|car|window|room|house|place|apartment)\b|\b(?:coming|come)(?: \w+)? to (?:finish (?:it|me|the job)|kill|hurt|get)(?: me| us)?\b|\bfinish me(?: off)?\b`) },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:building|house|apartment|tent|camp|car|room|kitchen|shelter) (?:is |'s )?on fire\b|\bfire in (?:my|the|our) (?:building|house|apartment|tent|camp|room|car|kitchen|shelter)\b|\b(?:smell|smells|smelling) (?:smoke|gas)\b|\bgas leak\b|\bcarbon monoxide\b|\b(?:tried|trying|try|tries) to (?:grab|snatch|drag|kidnap|abduct|pull) (?:me|us|my \w+)\b|\b(?:kidnap|abduct)\w*/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:active )?shooter\b|\bgunfire\b|\bgunshots?\b|\bkick(?:ed|s|ing)? (?:in|down) (?:the|my|our) (?:door|window)\b|\bi'?m hiding(?=$| (?:in|from|under|behind))/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\btrying to (?:get|break|force (?:his|her|their|the) way|climb) (?:in|into|inside)\b|\b(?:broke|breaks|breaking|broken) into my (?:place|home|house|apartment|room|tent|car)\b|\b(?:someone|somebody|a man|a guy|he|she|they|people)(?: just)? (?:broke|is breaking|are breaking) in$|\bshot at (?:me|us|my (?:tent|car|house|place)|our \w+)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:fighting|fight|swinging|waving|pointing|pointed|pulled|pulling) (?:with )?(?:a |the |their |his |her )?(?:knives|knife|guns?|machete|bat|weapons?|blade)\b|\b(?:shots fired|gunshots|shooting outside|people shooting)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:con|tiene|trae|saco) (?:un|una) (?:arma|pistola|cuchillo|navaja|machete)\b|\bme (?:esta|estan) (?:siguiendo|persiguiendo)\b|\bme (?:siguen|persiguen|sigue|persigue)\b/ },
];

/**
 * Phrases that only sound like a crisis. Blanked before matching; each is narrow on purpose
 * ("my mom is going to kill me if…", not "he is going to kill me").
 */
const IDIOMS: readonly RegExp[] = [
  /\b(?:dying|die) (?:to|for) (?:see|try|get|go|know|hear|meet|eat|have)\b/g,
  /\bto die for\b/g,
  /\bdying (?:for (?:a |an |some |the |my )?\w+|of (?:thirst|hunger|heat|cold|boredom|curiosity|embarrassment|laughter))\b/g,
  /\brather die than (?:eat|wear|watch|listen|sit|work|be seen)\b/g,
  /\b(?:die|died|dying) (?:of|from|with) (?:laughter|laughing|embarrassment|boredom|shame|curiosity)\b/g,
  /\b(?:died|die|dying) laughing\b/g,
  /\bkilling myself (?:trying|working|to (?:pay|make|get|keep|finish)|at work|over (?:here|this job))\b/g,
  /\bstabb?(?:ed|ing)? (?:me|him|her|them|us) in the back\b|\bbackstabb\w*/g,
  /\bi'?d kill for\b|\bwould kill for\b|\bcould kill for\b/g,
  /\b(?:my )?(?:mom|mother|mum|parents|boss|teacher|coach|manager|grandma) (?:is|are|'s|'re|will|would|gonna) (?:going to |gonna )?kill me (?:if|when|for|because)\b/g,
  /\bsuicide squad\b|\bsuicide doors?\b|\b(?:suicide|overdose|violence|abuse) prevention (?:month|week|day|training|class|resources|program|materials|info\w*)\b/g,
  /\b(?:talk|talking|speak|speaking|teach|teaching|educate) (?:to |with )?(?:my |our |the |a )?(?:teen|teenager|kids?|children|son|daughter|students?|class|staff|team|clients|patients) about (?:suicide|self[- ]harm|overdoses?|drugs|abuse)\b/g,
  /\b(?:cut|cutting|burned|burnt|burn|hurt|hit|scratched) (?:myself|my \w+) (?:by accident|accidentally|shaving|cooking|chopping|on (?:a|the) (?:stove|fence|glass|nail|door|pan|oven|can|grill))\b/g,
  /\b(?:killed|kill|killing) (?:it|time|the (?:lights?|music|engine|vibe|mood))\b/g,
  /\b(?:bored|scared|worried|frozen|starved|tired) to death\b/g,
  /\bme (?:muero|estoy muriendo|moria|muriendo) (?:de|por) (?:hambre|risa|ganas|sueno|frio|calor|verguenza|aburrimiento|ver|saber|un|una)\b/g,
  /\bmuert[oa]s? de (?:hambre|risa|cansancio|sueno|frio|calor|miedo)\b/g,
  /\bmatar de (?:hambre|risa|sueno|aburrimiento|frio|calor)\b/g,
  /\b(?:mama|madre|papa|padre|jefe|jefa|maestra|maestro) me va a matar (?:si|cuando|por)\b/g,
  /\bhit me (?:up|back)\b/g,
  /\bi(?:'m| am) (?:literally |so )?(?:dying|dead)\b(?=.{0,30}\b(?:hilarious|funny|haha\w*|joke)\b)|\b(?:hilarious|funny|haha\w*|joke)\b.{0,30}\bi(?:'m| am) (?:literally |so )?(?:dying|dead)\b/g,
  /\bhow (?:do|can|should|could) (?:i|we|you) (?:help|support|talk to|be there for) (?:someone|somebody|a friend|a person|people|my \w+)(?: who(?:'s| is| are)?)?(?: \w+){0,3} (?:suicid\w*|self[- ]harm\w*|cutting|depressed)\b/g,
  /\b(?:gonna|going to|could|would|i'd|will|i'll|about to) (?:literally |actually |just )?die (?:of|from|for|if|in this|waiting|laughing|before)\b|\bso \w+(?: that)? i(?: could|'m gonna|'m going to| will|'ll) (?:literally )?die\b|\bi'm (?:literally |so )?dead(?=$| that'?s| this is| haha)|\bdead (?:broke|serious|tired|wrong|last|set|end|center|sure|beat)\b/g,
  /\bmorir(?:me)? de (?:risa|hambre|frio|sueno|verguenza|aburrimiento|ganas|calor)\b|\b(?:se )?me (?:pega|pego|pegaron|pegas) (?:la|el|un|una) (?:gripe|resfriado|catarro|virus|covid|piojos|chicle|susto|grito|cancion|costumbre)\b|\bcortarme (?:el|la|las|los) (?:pelo|cabello|unas|barba|flequillo|fleco|unas)\b/g,
  // Talking about a service, not a danger: "my sister volunteers at a domestic violence shelter".
  /\b(?:volunteer\w*|work(?:s|ing|ed)?|donat\w*|donations?|fundrais\w*|intern\w*) (?:at|for|to|with) (?:a|an|the) (?:local )?(?:domestic violence|dv|suicide prevention|crisis|rape crisis|women'?s) (?:shelter|center|centre|hotline|line|program|agency|org\w*)\b/g,
  /\b(?:domestic violence|dv|suicide prevention|crisis|rape crisis|overdose|harm reduction) (?:advocate|counselor|counsellor|worker|volunteer|organization|training)\b|\b(?:what are (?:the )?|know the |recogni[sz]e (?:the )?)(?:warning )?signs of (?:an? )?(?:overdose|stroke|heart attack|suicide|abuse|seizure)\b/g,
  /\b(?:drowning|buried|swamped) in (?:\w+ )?(?:paperwork|bills|work|debt|emails|forms)\b|\bend of my rope with\b|\bgive up (?:smoking|drinking|vaping|sugar|coffee|meat|social media|weed|alcohol|caffeine|gambling)\b/g,
];

const NEGATIONS = new Set(['not', 'never', 'no', 'nunca', 'nadie', 'jamas', 'tampoco', 'ni', "don't", 'dont', "doesn't", 'doesnt', "didn't", 'didnt', "won't", 'wont', "wouldn't", 'wouldnt', "isn't", 'isnt', "aren't", "wasn't", 'wasnt', "haven't", "hasn't", "shouldn't", 'nor', 'neither']);

/** Words that may stand between a negation and what it negates without breaking it. */
const BRIDGE_WORDS = new Set(
  (
    'i im i\'m am is are was were be been being feel feeling felt really even ever once at all thinking think thought about of ' +
    'going gonna to want wanting wanna plan planning on would will actually trying try have had any slightest intention ' +
    'intentions desire urge urges so that like honestly currently anymore do does did mean meant myself seriously ' +
    'yo me quiero voy a estoy pensando en soy tengo ganas de intencion pienso lo la hacer he pensado para nada voy ' +
    'quisiera deseo siento tan realmente tried attempted wanted thoughts plans i\'ve ive i\'d made'
  ).split(' '),
);

/** Words that put a clause in the past, when the person is telling their story, not their present. */
const PAST_MARKERS = /\b(?:years ago|a long time ago|in the past|when i was (?:\d+|a kid|a child|younger|a teen|a teenager|little|in (?:high school|middle school|college))|survivor of|sobreviviente de|(?:clean|free|sober) (?:from \w+ )?(?:for|since) (?:\w+ )?(?:years?|months?)|hace (?:muchos )?anos|cuando era (?:nin[oa]|joven|chic[oa]))\b/;

/** Each pattern also as a multiline version, to test every clause in one scan (patterns never cross a line). */
const PATTERNS_WITH_PREFILTER = PATTERNS.map((crisisPattern) => ({ ...crisisPattern, anyLine: new RegExp(crisisPattern.pattern.source, 'm') }));

/** A weapon in one clause and going after someone in the next. */
const WEAPON_THEN_TARGET = /\b(?:have|got|get|bought|grab|grabbed|bring|holding|load|loaded) (?:a|the|my) (?:bat|gun|knife|pistol|machete|pipe|piece|strap)\b.{0,80}\b(?:waiting for|going after|find(?:ing)?|hunt(?:ing)?(?: down)?|get(?:ting)? back at|handle|deal with|take care of|settle (?:it|this) with) (?:him|her|them|the (?:guy|man|person|dude)|that (?:guy|man|dude))\b/;

/** Having a means of dying, then saying it will be used, anywhere in the message. */
const MEANS_THEN_INTENT = /\b(?:have|got|bought|holding|found) (?:a|the|my|some|enough) (?:razor|blade|gun|pistol|rope|noose|pills)\b.{0,80}\b(?:going to|gonna|about to|ready to|will|'ll) (?:use (?:it|them)|do it)(?:$|[.!,]| (?:tonight|now|today|right now|soon))/;

/**
 * Weaker signs of the past ("used to", "last month"): the clause is skipped only when the message
 * also says it is over ("I'm doing better now") and nothing says it is back ("again", "lately").
 */
const RECENT_PAST_MARKERS = /\b(?:used to|last (?:year|month|week|summer|winter|spring|fall)|(?:a|one|two|few|a few|several) (?:years?|months?|weeks?|while) (?:ago|back)|back then|as a (?:kid|teen|teenager)|in high school|antes|el ano pasado|el mes pasado)\b/;
const RESOLVED = /\b(?:(?:doing|feeling|i'm|i am|am) (?:much |a lot |way |so much |really )?(?:better|fine|okay|ok|great|good|safe|stable)(?: now)?|i'?m (?:safe|okay|ok|fine|stable|good) now|no longer|(?:therapy|meds|medication|treatment|counseling|it) (?:has |really )?helped|(?:doctor|doc|they|nurse|er) said (?:it was|it's)|recovered|in recovery|clean now|(?:been |stayed |stayed )?clean (?:for|since)|got (?:help|out)|left (?:him|her|them)|moved on|don'?t (?:\w+ )?anymore|ya no (?:lo hago|me pasa)|estoy mejor)\b/;
const RELAPSE = /\b(?:again|still|lately|these days|coming back|came back|right now|tonight|today|feel(?:ing)? (?:that way|like that)|otra vez|de nuevo)\b/;

const URGENCY = /\b(?:right now|tonight|today|about to|this minute|already took|just took|pills (?:in my hand|ready|lined up)|(?:have|got|bought|holding) (?:a|the|my) (?:gun|knife|rope|pills)|on the (?:bridge|roof|ledge|tracks)|goodbye|ahora mismo|esta noche|hoy|tengo (?:un arma|una pistola|las pastillas|pastillas))\b/;

export function normalizeForDetection(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[¿¡]/g, ' ')
    .replace(/\bno(?: |-)(?:one|body)\b/g, 'noone')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text-speak, dropped apostrophes and frequent misspellings, word for word. */
const SPELLING: ReadonlyMap<string, string> = new Map([
  ['im', "i'm"], ['ive', "i've"], ['dont', "don't"], ['cant', "can't"], ['wont', "won't"], ['didnt', "didn't"],
  ['doesnt', "doesn't"], ['isnt', "isn't"], ['wasnt', "wasn't"], ['couldnt', "couldn't"], ['wouldnt', "wouldn't"],
  ['wana', 'wanna'], ['wan', 'want'], ['wnt', 'want'], ['whant', 'want'], ['gona', 'gonna'], ['gunna', 'gonna'],
  ['kil', 'kill'], ['kll', 'kill'], ['dei', 'die'], ['ded', 'dead'], ['agian', 'again'], ['agin', 'again'],
  ['bout', 'about'], ['abt', 'about'], ['tryna', 'trying to'], ['finna', 'going to'], ['ima', "i'm going to"],
  ['imma', "i'm going to"], ['rn', 'right now'], ['tn', 'tonight'], ['tonite', 'tonight'], ['2nite', 'tonight'],
  ['u', 'you'], ['ur', 'your'], ['ppl', 'people'], ['bc', 'because'], ['cuz', 'because'], ['coz', 'because'],
  ['n', 'and'], ['w', 'with'], ['whats', "what's"], ['thats', "that's"], ['theres', "there's"], ['hes', "he's"], ['shes', "she's"], ['dissapear', 'disappear'], ['forevr', 'forever'], ['4ever', 'forever'], ['rly', 'really'], ['nite', 'night'], ['alot', 'a lot'], ['2day', 'today'], ['dissappear', 'disappear'], ['disapear', 'disappear'], ['pls', 'please'], ['plz', 'please'], ['mysef', 'myself'], ['meself', 'myself'],
  ['kiero', 'quiero'], ['kiere', 'quiere'], ['q', 'que'], ['k', 'que'], ['xq', 'porque'], ['pq', 'porque'], ['stoy', 'estoy'],
  ['toy', 'estoy'], ['nadien', 'nadie'], ['kms', 'kill myself'],
]);

/** Words worth rescuing from a one-letter slip ("suicde", "cuting", "overdosd"); all six letters or more. */
const CRISIS_WORDS = (
  'suicide suicidal myself cutting overdose overdosed overdosing breathe breathing bleeding seizure unconscious ' +
  'strangled strangling choking hanging killing threatened threatening molested stabbed trafficked anymore ' +
  'suicidarme sobredosis pastillas desaparecer'
).split(' ');
const CRISIS_WORD_SET = new Set(CRISIS_WORDS);
/** Dictionary words (/usr/share/dict/words) one slip from a crisis word: real words are never respelled. */
const REAL_NEIGHBOURS = new Set(
  (
    'suicides catting cuttings overdoes overdone overdoses overdoing breather breathy breathed breaths breath breathes ' +
    'breaching blending breeding bleeping seizures strangle strangles strangler straggled straggling coking chocking ' +
    'cooking chowing handing hinging hangings kipling kilning killings molester slabbed scabbed stabled swabbed stubbed trafficker'
  ).split(' '),
);

/** True when a becomes b by one insertion, deletion, substitution or swap, never touching the first letter. */
function isOneSlipAway(a: string, b: string): boolean {
  if (a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const ING_WORDS = new Set('thinking ending killing cutting dying hurting hitting beating choking bleeding breathing following trying going planning jumping hanging burning starving chasing stalking nothing something everything living wanting feeling'.split(' '));

function respellWord(word: string): string {
  const mapped = SPELLING.get(word);
  if (mapped !== undefined) return mapped;
  if (word.length >= 5 && /in'?$/.test(word)) {
    const withG = `${word.replace(/'$/, '')}g`;
    if (ING_WORDS.has(withG)) return withG;
  }
  if (word.length < 5 || CRISIS_WORD_SET.has(word) || REAL_NEIGHBOURS.has(word) || !/^[a-z]+$/.test(word)) return word;
  return CRISIS_WORDS.find((crisisWord) => isOneSlipAway(word, crisisWord)) ?? word;
}

/** Detection-only spelling repair; normalizeForDetection stays as other modules rely on it. */
function respell(normalized: string): string {
  return normalized
    .replace(/(\w)\1{2,}/g, '$1')
    .replace(/\b(?:n e|ne|no|any) ?more(?=\s*(?:$|[.,!?;]))/g, 'anymore')
    .replace(/\bmy self\b/g, 'myself')
    // Tone markers say nothing about safety and would break end-of-clause patterns ("might just jump tbh").
    .replace(/\b(?:lol|lmao|lmfao|tbh|fr|ngl|smh|fml|jk|idk|istg|frfr|ong)\b/g, ' ')
    .replace(/\b(want|wanna|going|need|ready|trying|plan|planning|about|have) 2\b/g, '$1 to')
    .replace(/[a-z0-9']+/g, respellWord);
}

function splitClauses(text: string): string[] {
  return text
    .split(/[.!?;:\n()]+|,|\s(?:and|but|though|although|y|e|pero|aunque|sino|because|porque)\s|\sso\s(?=(?:i|i'm|he|she|they|we|you|it|that|my|now|then)\b)/)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}

/** Doubt before a negation undoes it: "not sure I won't", "I can't promise I won't", "no sé si no…". */
const DOUBT = /\b(?:sure|know|promise|afraid|scared|worried|guarantee|seguro|segura|se si|prometer)\b/;

function isNegated(prefix: string): boolean {
  const words = prefix.split(' ').filter((word) => word !== '');
  // Walk back from the match: bridge words are skipped, a negation negates, anything else ends the search.
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const word = words[index] ?? '';
    if (NEGATIONS.has(word)) return !DOUBT.test(words.slice(0, index).join(' '));
    if (!BRIDGE_WORDS.has(word)) return false;
  }
  return false;
}

function blankIdioms(text: string): string {
  let result = text;
  for (const idiom of IDIOMS) result = result.replace(idiom, (match) => ' '.repeat(match.length));
  return result;
}

/** Returns what kind of crisis a message shows, or null. Pure and synchronous: call it on every utterance. */
export function detectCrisis(text: string): CrisisDetection | null {
  const normalized = normalizeForDetection(text);
  if (normalized === '') return null;
  const kinds = new Set<CrisisKind>();
  let urgent = false;
  const respelled = respell(normalized);
  const pastIsBehind = RESOLVED.test(respelled) && !RELAPSE.test(respelled);
  const blanked = blankIdioms(respelled);
  // A means in one clause and "I'm going to use it" in the next: clauses alone would miss it.
  if (MEANS_THEN_INTENT.test(blanked)) {
    kinds.add('suicide');
    urgent = true;
  }
  if (WEAPON_THEN_TARGET.test(blanked)) {
    kinds.add('harm-to-others');
    urgent = true;
  }
  const clauses = splitClauses(blanked).filter((clause) => !PAST_MARKERS.test(clause) && !(pastIsBehind && RECENT_PAST_MARKERS.test(clause)));
  // One pass over all clauses at once rules out most patterns, so a long message costs one scan per pattern.
  const joined = clauses.join('\n');
  for (const { kind, pattern, urgent: patternUrgent, anyLine } of PATTERNS_WITH_PREFILTER) {
    if (!anyLine.test(joined)) continue;
    for (const clause of clauses) {
      const match = pattern.exec(clause);
      if (!match) continue;
      if (isNegated(clause.slice(0, match.index).trim())) continue;
      // A pattern that starts before its key word ("I'm not going to die") checks the words right before that word too.
      const keyStart = match.indices?.groups?.key?.[0];
      if (keyStart !== undefined && isNegated(clause.slice(0, keyStart).trim())) continue;
      // An emergency is now: "I had a seizure last year" is history, whatever follows.
      if (kind === 'medical-emergency' && RECENT_PAST_MARKERS.test(clause)) continue;
      kinds.add(kind);
      if (patternUrgent) urgent = true;
    }
  }
  if (kinds.size === 0) return null;
  if ((kinds.has('suicide') || kinds.has('self-harm') || kinds.has('abuse')) && URGENCY.test(respelled)) urgent = true;
  return {
    level: urgent ? 'immediate-danger' : 'crisis',
    kinds: [...kinds],
    language: guessLanguage(normalized),
  };
}

const SPANISH_WORDS = new Set('no yo quiero estoy mi me que de la el los las y tengo para por con una un muy mas pero ya se esta casa ayuda donde como hoy porque cuando nadie vivir morir'.split(' '));
const ENGLISH_WORDS = new Set('i i\'m im my me the a an and to want of is am are have it this that do don\'t can\'t in on for with help need what where how'.split(' '));

/** English or Spanish, by counting common words; English when unsure (the site's first language). */
export function guessLanguage(normalizedText: string): CrisisLanguage {
  let spanish = 0;
  let english = 0;
  for (const word of normalizedText.split(/[^a-z']+/)) {
    if (SPANISH_WORDS.has(word)) spanish += 1;
    if (ENGLISH_WORDS.has(word)) english += 1;
  }
  return spanish > english ? 'es' : 'en';
}
