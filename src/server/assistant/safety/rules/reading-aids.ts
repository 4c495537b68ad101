/**
 * How the rules read Latin-script messages (English, Spanish, Tagalog, Vietnamese): spelling
 * repairs, negations, markers of the past and of urgency. Data only; rules-engine.ts applies them.
 */

export const NEGATIONS = new Set(['not', 'never', 'no', 'nunca', 'nadie', 'jamas', 'tampoco', 'ni', "don't", 'dont', "doesn't", 'doesnt', "didn't", 'didnt', "won't", 'wont', "wouldn't", 'wouldnt', "isn't", 'isnt', "aren't", "wasn't", 'wasnt', "haven't", "hasn't", "shouldn't", 'nor', 'neither', 'nothing']);

/** Words that may stand between a negation and what it negates without breaking it. */
export const BRIDGE_WORDS = new Set(
  (
    'i im i\'m am is are was were be been being feel feeling felt really even ever once at all thinking think thought about of ' +
    'going gonna to want wanting wanna plan planning on would will actually trying try have had any slightest intention ' +
    'intentions desire urge urges so that like honestly currently anymore do does did mean meant myself seriously ' +
    'yo me quiero voy a estoy pensando en soy tengo ganas de intencion pienso lo la hacer he pensado para nada voy ' +
    'quisiera deseo siento tan realmente tried attempted wanted thoughts plans i\'ve ive i\'d made'
  ).split(' '),
);

/** A year or a span told ("in 2017", "back in 2019", "that was 20 years ago"): the whole story is in the past unless something says it is back. */
export const DATED_STORY = /\b(?:in|back in|that was|it was|en|en el|noong|nung|nam) (?:19|20)\d\d\b|^dati(?:ng)? (?:akong|ako)\b(?![^\n]*\bngayon)|\bthat was (?:like |about |over )?(?:\d+|many|several|a few|two|three|four|five|ten|fifteen|twenty) years ago\b/;

/** Words that put a clause in the past, when the person is telling their story, not their present. */
export const PAST_MARKERS = /\b(?:nam ngoai|truoc day|ngay truoc|(?:\d+|mot|hai|ba|may|vai|muoi) nam (?:truoc|ve truoc)|hoi (?:nho|xua|truoc)|(?:noong|nung) (?:isang taon|nakaraang taon|bata (?:ako|pa ako))|dati(?:ng)? (?:akong|ako|pinagbantaan|binubugbog|sinasaktan|kinuha)|(?:\d+|dalawang|tatlong|ilang) taon na ang nakalipas|from (?:high school|middle school|college|my teens)|grew up (?:with|in)|(?:en|noong|nam) (?:19|20)\d\d|tung (?:bi|muon|danh|nghi|co y)|back in (?:(?:19|20)\d\d|the day|high school|college|my twenties)|in (?:19|20)\d\d|years ago|a long time ago|in the past|when i was (?:\d+|a kid|a child|younger|a teen|a teenager|little|in (?:high school|middle school|college))|at age \d+|cuando tenia (?:\d+|\w+)(?: anos)?|a los \d+ anos|(?:noong|nung) (?:\d+|\w+) (?:taong gulang|anyos|taon) (?:pa )?ako|(?:khi|luc|hoi|nam) (?:toi|em|minh|tui) (?:\d+|muoi \w+) tuoi|(?:a )?long time ago|\d+ yrs ago|survivor of|before (?:i|we) got (?:clean|sober)|sobreviviente de|(?:clean|free|sober) (?:from \w+ )?(?:for|since) (?:\w+ )?(?:years?|months?)|hace (?:muchos|unos|varios|\d+|dos|tres|cuatro|cinco) anos|cuando era (?:nin[oa]|joven|chic[oa]))\b/;


/** A weapon in one clause and going after someone in the next. */
export const WEAPON_THEN_TARGET = /\b(?:have|got|get|bought|grab|grabbed|bring|holding|load|loaded) (?:a|the|my) (?:bat|gun|knife|pistol|machete|pipe|piece|strap)\b.{0,80}\b(?:waiting for|going after|find(?:ing)?|hunt(?:ing)?(?: down)?|get(?:ting)? back at|handle|deal with|take care of|settle (?:it|this) with) (?:him|her|them|the (?:guy|man|person|dude)|that (?:guy|man|dude))\b/;

/** Having a means of dying, then saying it will be used, anywhere in the message. */
export const MEANS_THEN_INTENT = /\b(?:have|got|bought|holding|found) (?:a|the|my|some|enough) (?:razor|blade|gun|pistol|rope|noose|pills)\b.{0,80}\b(?:going to|gonna|about to|ready to|will|'ll) (?:use (?:it|them)|do it)(?:$|[.!,]| (?:tonight|now|today|right now|soon))/;

/**
 * Weaker signs of the past ("used to", "last month"): the clause is skipped only when the message
 * also says it is over ("I'm doing better now") and nothing says it is back ("again", "lately").
 */
export const RECENT_PAST_MARKERS = /\b(?:used to|last (?:year|month|week|summer|winter|spring|fall)|(?:a|one|two|few|a few|several) (?:years?|months?|weeks?|while) (?:ago|back)|back then|as a (?:kid|teen|teenager)|in high school|antes|el ano pasado|el mes pasado|thang truoc|tuan truoc)\b/;
export const RESOLVED = /\b(?:(?:doing|feeling|i'm|i am|am) (?:much |a lot |way |so much |really )?(?:better|fine|okay|ok|great|good|safe|stable)(?: now)?|i'?m (?:safe|okay|ok|fine|stable|good) now|no longer|(?:therapy|meds|medication|treatment|counseling|it) (?:has |really )?helped|(?:doctor|doc|they|nurse|er) said (?:it was|it's)|recovered|in recovery|clean now|(?:been |stayed |stayed )?clean (?:for|since)|got (?:help|out)|left (?:him|her|them)|now (?:i'?m|im|i am) (?:\d+|in college|in school|working|married|a (?:mom|dad|parent|mentor))|moved on|don'?t (?:\w+ )?anymore|ya no (?:lo hago|me pasa)|estoy mejor)\b/;
export const RELAPSE = /\b(?:again|(?<!\b(?:can|could|may|should|do) (?:i|we|you|they) |\b(?:is|are) (?:it|there|they) )still|lately|these days|coming back|came back|hanggang ngayon|ngayon ulit|(?:he|she|they)(?:'s|'re| is| are|s) back|right now|tonight|today|feel(?:ing)? (?:that way|like that)|otra vez|de nuevo)\b/;

export const URGENCY = /\b(?:right now|tonight|today|about to|this minute|already took|just took|pills (?:in my hand|ready|lined up)|(?:have|got|bought|holding) (?:a|the|my) (?:gun|knife|rope|pills)|on the (?:bridge|roof|ledge|tracks)|goodbye|ahora mismo|esta noche|hoy|tengo (?:un arma|una pistola|las pastillas|pastillas))\b/;

/**
 * Words that say something is happening now, in the five languages, for the checks that ask before they act: a bare
 * opening line (safety-layer.ts) and someone else's attempt told as done (crisis-detection.ts). Each adds its own.
 */
export const NOW_WORDS = String.raw`rn|right now|tonight|today|help|911|again|breathing|breathe|bleeding|unresponsive|wake|ahora|ahorita|ngayon|bay gio`;
export const NOW_WORDS_ZH = '现在|現在|而家|今晚|今天|今日';

/** Text-speak, dropped apostrophes and frequent misspellings, word for word. */
export const SPELLING: ReadonlyMap<string, string> = new Map([
  ['im', "i'm"], ['ive', "i've"], ['dont', "don't"], ['cant', "can't"], ['wont', "won't"], ['didnt', "didn't"],
  ['doesnt', "doesn't"], ['isnt', "isn't"], ['wasnt', "wasn't"], ['couldnt', "couldn't"], ['wouldnt', "wouldn't"],
  ['wana', 'wanna'], ['wan', 'want'], ['wnt', 'want'], ['whant', 'want'], ['gona', 'gonna'], ['gunna', 'gonna'],
  ['kil', 'kill'], ['kll', 'kill'], ['dei', 'die'], ['ded', 'dead'], ['agian', 'again'], ['agin', 'again'],
  ['bout', 'about'], ['abt', 'about'], ['tryna', 'trying to'], ['finna', 'going to'], ['ima', "i'm going to"],
  ['yrs', 'years'], ['yr', 'year'], ['imma', "i'm going to"], ['rn', 'right now'], ['tn', 'tonight'], ['tonite', 'tonight'], ['2nite', 'tonight'],
  ['u', 'you'], ['ur', 'your'], ['ppl', 'people'], ['bc', 'because'], ['cuz', 'because'], ['coz', 'because'],
  ['n', 'and'], ['w', 'with'], ['whats', "what's"], ['thats', "that's"], ['theres', "there's"], ['hes', "he's"], ['shes', "she's"], ['dissapear', 'disappear'], ['forevr', 'forever'], ['4ever', 'forever'], ['rly', 'really'], ['nite', 'night'], ['alot', 'a lot'], ['2day', 'today'], ['dissappear', 'disappear'], ['disapear', 'disappear'], ['pls', 'please'], ['plz', 'please'], ['mysef', 'myself'], ['meself', 'myself'],
  ['kiero', 'quiero'], ['kiere', 'quiere'], ['q', 'que'], ['k', 'que'], ['xq', 'porque'], ['pq', 'porque'], ['stoy', 'estoy'],
  ['toy', 'estoy'], ['nadien', 'nadie'], ['kms', 'kill myself'], ['outta', 'out of'],
]);

/** Words worth rescuing from a one-letter slip ("suicde", "cuting", "overdosd"); all six letters or more. */
export const CRISIS_WORDS = (
  'suicide suicidal myself cutting overdose overdosed overdosing breathe breathing bleeding seizure unconscious ' +
  'strangled strangling choking hanging killing threatened threatening molested stabbed trafficked anymore ' +
  'suicidarme sobredosis pastillas desaparecer'
).split(' ');
export const CRISIS_WORD_SET = new Set(CRISIS_WORDS);
/** Dictionary words (/usr/share/dict/words) one slip from a crisis word: real words are never respelled. */
export const REAL_NEIGHBOURS = new Set(
  (
    'suicides catting cuttings overdoes overdone overdoses overdoing breather breathy breathed breaths breath breathes ' +
    'breaching blending breeding bleeping seizures strangle strangles strangler straggled straggling coking chocking ' +
    'cooking chowing handing hinging hangings kipling kilning killings molester slabbed scabbed stabled swabbed stubbed trafficker'
  ).split(' '),
);


export const ING_WORDS = new Set('thinking ending killing cutting dying hurting hitting beating choking bleeding breathing following trying going planning jumping hanging burning starving chasing stalking nothing something everything living wanting feeling'.split(' '));

/** Doubt before a negation undoes it: "not sure I won't", "I can't promise I won't", "no sé si no…". */
export const DOUBT = /\b(?:sure|know|promise|afraid|scared|worried|guarantee|seguro|segura|se si|prometer)\b/;
