/**
 * Crisis detection (DESIGN §7.1): every utterance passes through here before any provider sees it.
 * Hand-written patterns, English and Spanish, so it works offline, instantly and identically in
 * chat and voice. Measured against the labelled set in crisis-examples.json (100% recall required).
 *
 * How a message is read:
 * 1. normalized: lower case, accents and curly quotes removed, "no one" joined so its "no" is not
 *    taken for a negation;
 * 2. idioms that only sound violent ("this job is killing me", "me muero de hambre") are blanked;
 * 3. split into clauses (punctuation, "and", "but", "y", "pero"), so "I'm not okay and I want to
 *    die" is read as two statements;
 * 4. a pattern match counts unless a negation governs it: "not", "never", "no"… followed only by
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
const ABUSER = String.raw`(?:he|she|they|someone|somebody|a man|a guy|my ${PARTNER})`;
const TARGET = String.raw`(?:him|her|them|someone|somebody|people|everyone|everybody|(?:that|the|those|these) (?:guy|guys|man|men|woman|women|person|people|dude|kids)|my ${PARTNER}|my (?:boss|neighbou?r|coworker|co-worker|case ?worker|kids?|family))`;
const INTENT = String.raw`(?:want to|wanna|going to|gonna|will|i'll|plan to|planning to|planning on|thinking (?:about|of)|think about|urge to|feel like|about to|ready to|decided to)`;

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
  { kind: 'suicide', pattern: /\b(?:wish|wishing|hope|hoping|pray|praying) (?:that )?(?:a|something|someone|somebody) (?:\w+ )?(?:would|will|could) (?:hit|kill) me\b|\b(?:hope|hoping|pray|praying) (?:that )?i (?:die|don'?t wake up|never wake up)\b/ },
  { kind: 'suicide', pattern: /\bdo something (?:stupid )?to myself\b|\b(?:ir|irme|salir|desaparecer) de este mundo\b/ },
  { kind: 'suicide', pattern: /\bsuicid\w*/ },
  { kind: 'suicide', pattern: /\b(?:end|ending|take|taking|ended) (?:my|my own) life\b/ },
  { kind: 'suicide', pattern: /\b(?:want|wanted|wanting|wanna|ready|trying|plan|planning) (?:to )?(?:die|be dead)\b/ },
  { kind: 'suicide', pattern: /\b(?:feel like|thinking (?:of|about)|want to|wanna|gonna|going to|about to|might|plan to|ready to|decided to) (?:end|ending) (?:it|things|everything)\b(?! with| for| at| between)/ },
  { kind: 'suicide', pattern: /\b(?:want to|wanna|wish i could) disappear\b|\bdisappear forever\b|\b(?:it all|everything) to (?:stop|end)\b|\b(?:stop|end) forever\b/ },
  { kind: 'suicide', pattern: /\b(?:done|tired|sick) (?:with|of) (?:life|living|being alive)\b|\bpoint (?:of|in) (?:living|life|being alive|going on)\b|\blife is (?:pointless|meaningless)\b/ },
  { kind: 'suicide', pattern: /\b(?:going to|gonna|about to|want to|wanna|ready to) jump(?:$| off)|\bfeel like (?:dying|i want to die)\b|\bsleep forever\b/ },
  { kind: 'suicide', pattern: /\bwish i (?:could |would )?(?:just )?(?:die|died|was dead|were dead|wasn'?t alive|wasn'?t here|was never born|had never been born)\b/ },
  { kind: 'suicide', pattern: /\b(?:noone|nobody) (?:would|will|is going to|gonna) (?:even )?(?:miss|notice|care about) me\b|\b(?:can'?t see|can'?t find|there'?s no|there is no) (?:a )?way out\b/ },
  { kind: 'suicide', pattern: /\bwant (?:it|this|everything) (?:all )?(?:to be )?over\b|\bi want out$/ },
  { kind: 'suicide', pattern: /\b(?:stop|cease to|not) exist(?:ing)?\b|\bplanning (?:my )?(?:death|suicide|funeral)\b/ },
  { kind: 'suicide', pattern: /\b(?:drive|driving|crash|crashing|steer) (?:my car |the car )?(?:off|into) (?:a|the) (?:cliff|bridge|wall|tree|river|bay)\b|\b(?:step|stepping|walk|walking|jump|jumping) in front of (?:a|the) (?:train|bus|truck|car)\b/ },
  { kind: 'suicide', pattern: /\b(?:better off|happier|easier|fine|relieved) (?:if|when|once) i(?:'m| am| was| were)? (?:gone|dead|not here|not around|didn'?t exist)\b/ },
  { kind: 'suicide', pattern: /\b(?:won'?t|will not|not going to|don'?t think i'?ll|might not) be (?:around|here|alive) (?:much )?(?:longer|tomorrow|anymore|by morning)\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:use|turn) (?:it|the gun|the knife|a knife|a gun|them) on myself\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:have|got|bought|holding) (?:a|the) (?:rope|noose)\b/ },
  { kind: 'suicide', pattern: /\bnot worth living\b|\bisn'?t worth living\b|\blife is(?: not|n'?t) worth it\b/ },
  { kind: 'suicide', urgent: true, pattern: /\b(?:standing|sitting) on (?:the|a) (?:roof|ledge|bridge|edge|tracks)\b/ },
  { kind: 'suicide', pattern: /\b(?:rather|better off|wish i (?:was|were|could be)|wish i'd be) (?:be )?(?:dead|die|never born|gone)\b/ },
  { kind: 'suicide', pattern: /\bbetter off without me\b|\b(?:if|when) i(?:'m| am| was| were) (?:dead|gone for good)\b/ },
  { kind: 'suicide', pattern: /\b(?:don't|dont|do not|no longer) want to (?:live|be alive|be here|exist|wake up|keep living|go on)\b/ },
  { kind: 'suicide', pattern: /\b(?:don't|dont|do not) know if i want to (?:live|be alive|keep going|go on)\b/ },
  { kind: 'suicide', pattern: /\bnot sure i want to (?:live|be alive|keep going|go on|be here)\b/ },
  { kind: 'suicide', pattern: /\bno (?:reason|point|will) (?:to|in|for) (?:live|living|go on|going on|keep going|life)\b/ },
  { kind: 'suicide', pattern: /\b(?:can't|cant|cannot) (?:go on|keep going|take (?:it|this) anymore|do this anymore|live like this)\b/ },
  { kind: 'suicide', pattern: /\bend(?:ing)? it all\b|\bend it tonight\b/ },
  { kind: 'suicide', pattern: /\b(?:miss me|care|notice|matter) if i (?:died|was dead|were dead|was gone|were gone|disappeared|wasn't here|wasn't around|killed myself)\b/ },
  { kind: 'suicide', pattern: /\b(?:thoughts? of|thinking (?:about|of)) (?:dying|death|ending it|not being here)\b/ },
  { kind: 'suicide', pattern: /\bjump(?:ing)? (?:off|from|in front of) (?:a|the|this) (?:bridge|building|roof|train|bus|car)\b/ },
  { kind: 'suicide', pattern: /\bgoing to sleep (?:and|&) never wake up\b|\bnot wake up\b|\bnever wake up\b/ },
  { kind: 'suicide', pattern: /\b(?:matarme|me (?:quiero|voy a|voy) matar|quitarme la vida|acabar con mi vida|terminar con mi vida|me quite la vida)\b/ },
  { kind: 'suicide', pattern: /\b(?:quiero|quisiera|deseo|me quiero|me quisiera) morir(?:me)?\b/ },
  { kind: 'suicide', pattern: /\b(?:ojala|quisiera) (?:estar|estuviera) muert[oa]\b|\bmejor (?:estaria|estar) muert[oa]\b/ },
  { kind: 'suicide', pattern: /\bno quiero (?:vivir|seguir viviendo|despertar|estar aqui|existir)\b/ },
  { kind: 'suicide', pattern: /\bno se si quiero (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bdejar de (?:existir|vivir)\b|\bganas de (?:morir(?:me)?|matarme)\b|\b(?:pienso|pensando|pensar) (?:mucho )?en (?:la muerte|morir(?:me)?)\b/ },
  { kind: 'suicide', pattern: /\btirarme (?:del|de un|de una|de la|por la)\b|\bme voy a tirar (?:del|de un|de una|de la|por la)\b/ },
  { kind: 'suicide', pattern: /\b(?:quiero|quisiera) desaparecer\b|\bdesaparecer para siempre\b|\bno vale la pena (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bno (?:tengo|hay) (?:razon|razones|motivo|motivos|sentido|ganas) (?:para|de) (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\b(?:ya no puedo mas|ya no puedo seguir|no aguanto mas|ya no quiero seguir)\b/ },
  // Self-harm.
  { kind: 'self-harm', pattern: /\b(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|starve|starving|punish|punishing) myself\b/ },
  { kind: 'self-harm', pattern: /\bself[- ]?(?:harm\w*|injur\w*)/ },
  { kind: 'self-harm', pattern: /\b(?:punch|punching|hit|hitting|bang|banging) (?:walls?|my head)\b.*\b(?:until|till) (?:my \w+ )?(?:bleed|bleeds|bled|bleeding|break)\b/ },
  { kind: 'self-harm', pattern: /\bcut (?:my|both) (?:wrists?|arms?|legs?|thighs?)\b|\b(?:cutting|cut) again\b|\b(?:been|started|keep|still) cutting\b/ },
  { kind: 'self-harm', pattern: /\b(?:cortarme|me corto|me estoy cortando|me sigo cortando|hacerme dano|me hago dano|lastimarme|me lastimo|me estoy lastimando|autolesion\w*)\b/ },
  // Harm to others.
  { kind: 'harm-to-others', urgent: true, pattern: new RegExp(String.raw`\b${INTENT} (?:kill|killing|hurt|hurting|shoot|shooting|stab|stabbing|murder|murdering|attack|attacking|beat up|beating up|strangle|strangling) ${TARGET}\b`) },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:homicidal|shoot up (?:the|my|a) \w+)\b/ },
  { kind: 'harm-to-others', urgent: true, pattern: /\b(?:voy a|quiero|lo voy a|la voy a|los voy a|tengo ganas de) (?:matarlo|matarla|matarlos|matar a|lastimarlo|lastimarla|hacerle dano)\b|\b(?:lo|la|los) voy a matar\b/ },
  // Abuse and domestic violence.
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER} (?:hits|hit|beats|beat|chokes|choked|strangles|strangled|punches|punched|slaps|slapped|kicks|kicked|grabbed|groped|hurts|hurt|abuses|abused|rapes|raped|molests|molested|touches|touched|attacks|attacked|assaults|assaulted|pushes|pushed|shoves|shoved|burns|burned|locks|locked|threatens|threatened|traffics|trafficked) (?:me|us|my \w+)\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: is| are|'s|'re|'ve been| has been| keeps) (?:hitting|beating|hurting|choking|attacking|abusing|raping|touching|threatening) me\b`) },
  { kind: 'abuse', pattern: /\b(?:being|been|getting|got|was|am|i'm) (?:abused|beaten|beat up|raped|assaulted|sexually assaulted|molested|trafficked)\b/ },
  { kind: 'abuse', pattern: /\bdomestic (?:violence|abuse)\b|\babusive\b|\brape[ds]?\b|\bsexual(?:ly)? (?:assault|assaulted|abuse|abused)\b|\btraffick\w*/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER}(?: is| are|'s|'re)? (?:threatening|threatened|threatens|trying|tried|going|gonna|wants|will|said (?:he|she|they)(?:'d| would| will| is going to))(?: to)? (?:kill|hurt|beat|shoot|stab) me\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b(?:afraid|scared|terrified) (?:of |that )?${ABUSER}(?:'ll| will| is going to| might| could)? (?:hurt|kill|hit|find|beat)\b`) },
  { kind: 'abuse', pattern: new RegExp(String.raw`\bnot safe (?:at home|with ${TARGET})\b`) },
  { kind: 'abuse', pattern: /\bwho (?:hurts|hits|beats|abuses|threatens|rapes|attacks|chokes) me\b/ },
  { kind: 'abuse', pattern: /\b(?:he|she|they|someone|somebody)(?:'ll|'d| will| would| is going to| are going to| gonna| was going to| wants to| want to) (?:kill|hurt|beat|shoot|stab) me\b/ },
  { kind: 'abuse', pattern: /\b(?:me quiere|me quieren|me va a|me van a) (?:hacer dano|lastimar|matar|pegar)\b/ },
  { kind: 'abuse', pattern: new RegExp(String.raw`\b${ABUSER} (?:won'?t|doesn'?t|will not|does not|never) let me (?:leave|go out|go outside|see my|have my (?:phone|id|papers|money))\b|\b(?:took|takes|keeps) my (?:phone|id|passport|papers) (?:so|and) i can'?t\b|\bthreatening me\b`) },
  { kind: 'abuse', pattern: /\b(?:me pega|me pego|me golpea|me golpeo|me maltrata|me maltrato|me abusa|abusa de mi|abuso de mi|me violo|me violaron|me viola|me toca|me amenaza|me amenazo|me quiere matar|me va a matar|me ahorca|me ahorco)\b/ },
  { kind: 'abuse', pattern: /\b(?:violencia domestica|violencia familiar|maltrato|abuso sexual|violacion|trata de personas)\b/ },
  // Medical emergency.
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:overdos\w*|od'?d|od'?ing)\b|\bo\.d\./ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:can't|cant|cannot|can not|couldn't) breathe\b|\b(?:trouble|hard time|difficulty) breathing\b|\b(?:not|stopped|isn't|is not|isnt) breathing\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bturning blue\b|\blips are blue\b|\bdesangr\w*|\b(?:he|she|they|my \w+|friend|baby|someone|somebody|person)(?: is|'s| are|'re)? (?:not|isn'?t|aren'?t|stopped) (?:moving|responding)\b|^(?:isn'?t|is not|not|stopped|won'?t stop) (?:moving|responding|breathing)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bstabbed\b|\b(?:got|been|was|were|just got|just been) shot\b|\bshot (?:me|him|her|them|my \w+)\b(?! a )/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\ballergic reaction\b|\bthroat (?:is )?(?:closing|swelling)\b|\banaphyla\w*|\bbleeding (?:from|out of) (?:his|her|my|their|the) (?:head|neck|chest|stomach|mouth|ears?)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:took|taken|swallowed) (?:\d+|twenty|thirty|forty|fifty|a handful of|a lot of|so many) (?:of )?(?:my |the |his |her )?(?:pills|meds|medications?|tablets|sleeping pills)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bchest pains?\b|\bheart attack\b|\bhaving a stroke\b|\bseizure\w*/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:unconscious|unresponsive|passed out and|won't wake up|wont wake up|can't wake (?:him|her|them) up)\b|\b(?:isn'?t|is not|not|won'?t|will not) waking up\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:swallowed|drank|drunk|ate|took) (?:some )?(?:bleach|poison|rat poison|antifreeze|detergent|cleaning (?:stuff|products?))\b|\bpoisoned\b|\b(?:tomo|trago|se tomo|me tome) (?:cloro|veneno)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\bbleeding (?:a lot|badly|heavily|everywhere|really bad|won't stop|wont stop)\b|\b(?:took|swallowed|taken) (?:too many|a bunch of|all (?:of )?(?:my|the)|a whole bottle of) (?:pills|meds|medication|tablets)\b/ },
  { kind: 'medical-emergency', urgent: true, pattern: /\b(?:sobredosis|no puedo respirar|no puede respirar|no respira|dolor (?:en el|de|del) pecho|ataque al corazon|convulsion\w*|inconsciente|no despierta|sangrando mucho|me tome (?:todas las|muchas) pastillas|tome (?:todas las|muchas) pastillas)\b/ },
  // Immediate danger.
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:i'm|i am|we're|we are|im) in danger\b|\bin danger right now\b|\b(?:scared|afraid|fear|fearing|terrified) for my life\b|\btemo por mi vida\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:someone|somebody|a man|a guy|he|she|they)(?: is| are|'s|'re)? (?:breaking in(?:to)?|trying to (?:break|get) in|following me|chasing me|attacking me|outside my (?:door|tent|car|window)|(?:has|'s got|got|is holding|pulled) (?:a|his|her|their) (?:gun|knife|weapon))\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:banging|pounding|kicking) (?:on|in) my (?:door|window)\b|\b(?:guy|man|men|someone|somebody|person|woman|dude) with a (?:gun|knife|weapon|machete)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:man|guy|someone|somebody|person) (?:outside|at|in) my (?:door|tent|car|window|room) with a (?:gun|knife|weapon)\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:being|getting) (?:attacked|followed|chased|stalked)\b|\bhelp me (?:please )?(?:he|she|they)(?:'s| is| are|'re) (?:here|coming)\b/ },
  { kind: 'immediate-danger', pattern: /\b(?:i'm|i am|im) not safe\b|\b(?:don't|dont|do not|never) feel safe\b/ },
  { kind: 'immediate-danger', urgent: true, pattern: /\b(?:estoy en peligro|alguien (?:esta entrando|quiere entrar|me esta siguiendo|me sigue|me persigue)|(?:tiene|trae) (?:un arma|una pistola|un cuchillo))\b/ },
  { kind: 'immediate-danger', pattern: /\b(?:no estoy a salvo|no me siento (?:segur[oa]|a salvo))\b/ },
];

/**
 * Phrases that only sound like a crisis. Blanked before matching; each is narrow on purpose
 * ("my mom is going to kill me if…", not "he is going to kill me").
 */
const IDIOMS: readonly RegExp[] = [
  /\b(?:dying|die) (?:to|for) (?:see|try|get|go|know|hear|meet|eat|have)\b/g,
  /\bto die for\b/g,
  /\brather die than (?:eat|wear|watch|listen|sit|work|be seen)\b/g,
  /\b(?:die|died|dying) (?:of|from|with) (?:laughter|laughing|embarrassment|boredom|shame|curiosity)\b/g,
  /\b(?:died|die|dying) laughing\b/g,
  /\bkilling myself (?:trying|working|to (?:pay|make|get|keep|finish)|at work|over (?:here|this job))\b/g,
  /\bstabb?(?:ed|ing)? (?:me|him|her|them|us) in the back\b|\bbackstabb\w*/g,
  /\bi'?d kill for\b|\bwould kill for\b|\bcould kill for\b/g,
  /\b(?:my )?(?:mom|mother|mum|parents|boss|teacher|coach|manager|grandma) (?:is|are|'s|'re|will|would|gonna) (?:going to |gonna )?kill me (?:if|when|for|because)\b/g,
  /\bsuicide squad\b|\bsuicide doors?\b|\bsuicide prevention (?:month|week|day|training|class)\b/g,
  /\b(?:killed|kill|killing) (?:it|time|the (?:lights?|music|engine|vibe|mood))\b/g,
  /\b(?:bored|scared|worried|frozen|starved|tired) to death\b/g,
  /\bme (?:muero|estoy muriendo|moria|muriendo) (?:de|por) (?:hambre|risa|ganas|sueno|frio|calor|verguenza|aburrimiento|ver|saber|un|una)\b/g,
  /\bmuert[oa]s? de (?:hambre|risa|cansancio|sueno|frio|calor|miedo)\b/g,
  /\b(?:mama|madre|papa|padre|jefe|jefa|maestra|maestro) me va a matar (?:si|cuando|por)\b/g,
  /\bhit me (?:up|back)\b/g,
];

const NEGATIONS = new Set(['not', 'never', 'no', 'nunca', 'jamas', 'tampoco', 'ni', "don't", 'dont', "doesn't", 'doesnt', "didn't", 'didnt', "won't", 'wont', "wouldn't", 'wouldnt', "isn't", 'isnt', "aren't", "wasn't", 'wasnt', "haven't", "hasn't", "shouldn't", 'nor', 'neither']);

/** Words that may stand between a negation and what it negates without breaking it. */
const BRIDGE_WORDS = new Set(
  (
    'i im i\'m am is are was were be been being feel feeling felt really even ever once at all thinking think thought about of ' +
    'going gonna to want wanting wanna plan planning on would will actually trying try have had any slightest intention ' +
    'intentions desire urge urges so that like honestly currently anymore do does did mean meant myself seriously ' +
    'yo me quiero voy a estoy pensando en soy tengo ganas de intencion pienso lo la hacer he pensado para nada voy ' +
    'quisiera deseo siento tan realmente'
  ).split(' '),
);

/** Words that put a clause in the past, when the person is telling their story, not their present. */
const PAST_MARKERS = /\b(?:years ago|a long time ago|in the past|when i was (?:a kid|a child|younger|a teen|a teenager|little)|hace (?:muchos )?anos|cuando era (?:nin[oa]|joven|chic[oa]))\b/;

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

function splitClauses(text: string): string[] {
  return text
    .split(/[.!?;:\n()]+|,|\s(?:and|but|though|although|y|e|pero|aunque|sino|so|because|porque)\s/)
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
  for (const clause of splitClauses(blankIdioms(normalized))) {
    if (PAST_MARKERS.test(clause)) continue;
    for (const { kind, pattern, urgent: patternUrgent } of PATTERNS) {
      const match = pattern.exec(clause);
      if (!match) continue;
      if (isNegated(clause.slice(0, match.index).trim())) continue;
      kinds.add(kind);
      if (patternUrgent) urgent = true;
    }
  }
  if (kinds.size === 0) return null;
  if ((kinds.has('suicide') || kinds.has('self-harm') || kinds.has('abuse')) && URGENCY.test(normalized)) urgent = true;
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
