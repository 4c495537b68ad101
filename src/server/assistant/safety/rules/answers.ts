/**
 * How people answer a direct question, by language: the screening question ("are you having
 * thoughts of killing yourself?"), the safety check ("are you safe right now?"), saying they are
 * safe, and a goodbye after growing hopelessness. Data only, read by risk-state.ts over
 * normalised text (accents gone, so "sí" is "si").
 */

/** Laughing ("lmaooo", "hahaha", "jajaja", "omg"), skipped before an answer is read. */
const LAUGH = String.raw`lo+l|lm+f?a+o+|(?:ha){2,}h?|(?:ja){2,}j?|omg`;
/** Laughing before the answer ("lmaooo no its a joke"). */
export const LAUGHING_FIRST = new RegExp(String.raw`^(?:${LAUGH})\b`);
/** Filler and laughing before the answer itself ("um, no", "lol no"). */
// "not gonna lie yeah" (learned from blind rounds 99-104 after their scores were committed).
export const BEFORE_ANSWER = new RegExp(String.raw`^(?:(?:um+|uh+|well|honestly|i mean|not gonna lie|not going to lie|ngl|tbh|to be honest|bueno|pues|eh|${LAUGH})[,.! ]+)+`);

/** Someone still there, in an answer to "are you safe right now?" ("no he is still here", "sigue aquí", "他还在"). */
export const PRESENT_NOW =
  /\b(?:he|she|they)(?:'s| is| are|'re|s)? (?:still )?(?:here|outside|home|in the (?:house|room|car|apartment)|at the door|downstairs|coming back)\b|\b(?:sigue|esta|estan|siguen) (?:aqui|afuera|en la casa)\b|\b(?:nandito|nandiyan|nandyan|andito|andyan) (?:pa )?(?:siya|sila)\b|\b(?:van|dang) (?:o|con o) (?:day|nha|ngoai)\b|(?:他|她|佢)(?:还在|還在|仲喺|喺度|在这|在這|在门口|在門口)/;

/** Yes, and the answers a counselor hears as yes: kinda, maybe, idk, sometimes. */
export const ANSWER_YES =
  /^(?:yes|yeah|yea|yep|ya|yah|yup|y(?=\s*(?:$|[.!,]))|ye|i do|i am|i have|honestly yes|i think so|probably|i mean yeah|lately yes|every day|all the time|si|claro|oo|opo|oo po|co|vang|da co|co a|有|是|是的|係|系|想过|想過|会|會)\b|^(?:有|是|係|系|想过|想過|会|會)/;
export const ANSWER_DOUBT =
  /^(?:(?:yeah|yes|ya|yea|yep|si|oo|i mean) )?(?:kinda|kind of|sort of|sorta|maybe|idk|i don'?t know|i dont know|dunno|not sure|i'?m not sure|i guess|sometimes|a little|a bit|more or less|what if i am|could be|i'?m not sure|hmm|ehh?|meh|tal vez|quizas?|a veces|no se|un poco|creo que si|puede ser|mas o menos|siguro|minsan|hindi ko alam|ewan|medyo|baka|parang|co le|khong biet|doi khi|hoi hoi|cung co|chac vay)\b|^(?:可能|不知道|唔知|有时|有時|有啲|有一点|有一點|嗯|或者|也许|也許)|\b(?:but (?:sometimes|i think about it|lately|i have|i do)|pero a veces|thought about it|think about it|been thinking about it)\b/;
export const ANSWER_NO =
  /^(?:no(?! (?:particular )?reason\b)|nope|nah|not at all|never|no way|not really|definitely not|of course not|i'?m not|i am not|hell no|naw|para nada|nunca|claro que no|hindi|wala|hindi naman|hindi po|khong|ko|khong co|khong he)\b|^(?:没有|沒有|冇|不是|唔係|不会|不會|唔會|没|沒|不)/;

/** Saying they are safe now, in their words. */
export const SAYS_SAFE =
  /\b(?:i'?m|i am|we'?re|we are|i feel|im) (?:safe|okay|ok|fine|alright|all right|good) (?:now|again|here)\b|\b(?:i'?m|i am|im|we'?re) safe\b|\b(?:i'?m|i am) not (?:going to|gonna) (?:do|hurt|kill) (?:anything|it|myself)\b|\b(?:he|she|they) (?:left(?=\s*(?:$|[.!,;]|for good\b|(?:and|&) (?:is|isnt|isn'?t|wont|won'?t|hasnt|hasn'?t) (?:gone|coming back|been back)\b))|is gone|are gone|got arrested)\b|\b(?:the )?(?:ambulance|paramedics|police|cops|firefighters|help) (?:came|arrived|is here|are here|got here)\b|\b(?:feeling|feel|i'?m) (?:a lot |much |way )?better now\b|\bestoy a salvo\b|\b(?:estoy|me siento) segur[oa]\b|\bya estoy (?:bien|a salvo|mejor)\b|\bligtas na (?:ako|kami)\b|\bayos na ako\b|\b(?:toi|em|minh) (?:da )?an toan\b|^khong sao\b|\b(?:khoe|on|an toan) roi\b|\bokay na (?:siya|sya|ako|kami)\b|\b(?:he|she|they)(?:'s| is|s|'re| are) (?:fine|okay|ok|safe|good|stable) now\b|\b(?:no ?one|nobody) (?:got |was |is )?(?:hurt|injured)\b|\b(?:every ?one|every ?body|we'?re all|we are all|all of us)(?:'s| is| are)? (?:fine|ok|okay|safe|good|alright)\b|\b(?:nadie (?:salio |resulto )?(?:herido|lastimado)|todos (?:estamos|estan) bien)\b|\b(?:walang nasaktan|ok(?:ay)? (?:naman )?(?:kami|lahat))\b|\b(?:khong ai bi (?:sao|thuong)|moi nguoi (?:deu )?(?:ok|on|an toan|khong sao))\b|我(?:现在|現在|而家)?(?:安全|没事|沒事|冇事)了?|(?:都|很|好|大家|全部人?|我们|我們|我哋|佢哋|他们|他們)(?:都)?(?:很|好)?安全(?!吗|嗎|唔|不)|(?:佢|他|她|大家|我哋|我们|我們|佢哋|他们|他們|屋企人|家人)(?:都)?(?:冇事|没事|沒事|平安)(?!嘛|吧|嗎|吗)|^(?:冇事|没事|沒事)(?!嘛|吧|嗎|吗)/;
/**
 * An answer to "are you safe?" or "is she safe?" that says the danger is over, in other words than "safe": the one who
 * hurt them is dead, in jail or far away, it was years ago, "nothing like that". Not "she's gone" (a missing person) nor
 * "he died" or "he's dead now" (a death just now may be the emergency). A "no" before it answers another
 * question of the same reply ("Is this still happening now? Are you safe?" — "nah lol im 42. hes dead. im fine"). Learned
 * from blind rounds 87-110 after their scores were committed.
 */
export const SAYS_IT_IS_OVER =
  /\b(?:nothing like that|not (?:anything )?like that|(?:he|she|they)(?:'s|'re| is| are|s) (?:dead(?![^.!?\n]*\b(?:just|now|rn|today|tonight)\b)|in (?:jail|prison)|locked up|behind bars|deported|in another state|out of state)|(?:he|she|they) (?:got deported|moved (?:away|back|out of state|to another state))|(?:this|that|it) was (?:in |back in )?(?:19|20)\d\d|(?:this|that|it) was (?:like |about )?(?:\d+|many|a few|several) (?:years|yrs) ago|nada de eso|no es eso|(?:esta|sigue) en la carcel|ya lo deportaron|hindi (?:ganun|ganoon)|nakakulong na|khong phai (?:vay|the)|(?:da )?o tu roi)\b|唔係咁|不是那样|不是那樣|坐(?:紧|緊|咗)?(?:监|監|牢)|(?:在|喺)(?:监狱|監獄|监|監)/;
export const NOT_SAFE = /\bnot (?:safe|okay|ok|fine)\b|\bno estoy a salvo\b|\bhindi (?:ako )?ligtas\b|\bkhong an toan\b|不安全|唔安全/;

/** A goodbye, read as danger only after earlier signs of hopelessness in the same conversation. */
export const FAREWELL =
  /\b(?:(?:you'?re|youre|ur) the last (?:one|person) (?:i'?ll|ill|i will|im gonna|i'?m going to) (?:ever )?(?:talk to|talk with|text)|goodbye|good bye|bye (?:forever|everyone|for good)|thank you for everything|thanks for everything|take care of (?:yourself|everyone|my)|i love you all|tell (?:everybody|everyone|them all|them|my \w+) (?:that )?i love (?:them|you|her|him)|you were the only one|thanks for always being (?:so )?(?:nice|kind|good|there)|this is it|it'?s time|i'?m ready now|i'?ve decided|i made up my mind|see you on the other side|(?:scatter|spread) my ashes|(?:won'?t|will not) be (?:around|here) (?:much longer|for long|anymore)|forgive me|sorry for everything|won'?t be talking (?:again|anymore)|last time (?:we|i) talk|adios para siempre|gracias por todo|perdon(?:enme)? por todo|paalam|salamat sa lahat|tam biet|cam on vi tat ca)\b|永别|永別|再见了|再見了|谢谢你的一切|謝謝你的一切|对不起大家|對不起大家/;

/**
 * A question about suicide or safety in an assistant's reply (a model may ask one itself): the
 * next user turn is read as its answer, as if Ellis had asked its fixed question.
 */
export const ASKS_SCREENING =
  /\b(?:not wanting to (?:be alive|live)|kill(?:ing)? (?:yourself|themselves)|suicid\w*|end(?:ing)? (?:your|their) (?:own )?li(?:fe|ves)|want(?:ing)? to die)\b[^?]{0,120}\b(?:is (?:that|this) (?:something|what) you|have you (?:ever )?(?:had|felt|thought|been)|do you (?:ever )?(?:feel|think|have)|are you (?:feeling|thinking|having))\b[^?]*\?|(?:结束生命|結束生命|自杀|自殺|想死|不想活)[^？?]{0,30}你有(?:冇|没有|沒有)?[^？?]{0,6}(?:想法|念头|念頭|諗法)[^？?]*[？?]|\bhaving (?:thoughts|feelings) like (?:that|this)\b[^?]*\?|\b(?:thoughts? (?:of|about)|thinking (?:about|of)|thought about) (?:suicide|killing yourself|ending your life|taking your (?:own )?life|hurting yourself|not (?:wanting to be|being) alive|dying)\b[^?]*\?|\b(?:suicid\w*|kill yourself|end your life|hurt(?:ing)? yourself|cutting yourself|harm(?:ing)? yourself|haciendote dano|hacerte dano|te estas haciendo dano|sinasaktan mo ba ang sarili mo|tu lam hai (?:ban than|minh))\b[^?]{0,40}\?|(?:伤害|傷害|伤|傷|割)(?:紧|緊)?自己[^？?]{0,10}[吗嗎呀？?]|\bpensando en (?:quitarte la vida|suicidarte|matarte|hacerte dano)\b|\b(?:magpakamatay|saktan ang sarili)\b[^?]*\?|\b(?:tu tu|tu lam hai|lam hai ban than)\b[^?]*\?|自[杀殺][^？?]*[？?]|[伤傷]害自己[^？?]*[？?]|(?:諗過|想过|想過)(?:死|自[杀殺]|[伤傷]害)|(?:諗過|想过|想過|打算|想到)[^？?]{0,4}(?:结束|結束|了[结結])(?:自己|你自己)?(?:嘅|的)?(?:生命|性命)?[^？?]*[？?]/;
/** Whether the person they worry about is safe: Ellis's others-check in each language, or a model's own "is he safe right now?". */
export const ASKS_OTHERS_SAFETY =
  /\bis the person you'?re worried about safe\b|\b(?:is|are) (?:he|she|they|your \w+) (?:safe|somewhere safe)\b[^?]*\?|\bla persona que te preocupa esta a salvo\b|\b(?:el|ella) esta a salvo\b[^?]*\?|\bligtas ba (?:ngayon )?(?:ang taong|siya)\b|\bnguoi ma ban dang lo lang co an toan khong\b|(?:担心|擔心)的那[个個]人(?:现在|現在)?安全|(?:佢|他|她)(?:现在|現在|而家)?安(?:全|唔安全)[吗嗎？?]/;
/** Whether the person means to hurt someone: a model's own question ("are you thinking about hurting him?", "¿estás pensando en lastimarlo?"). */
export const ASKS_HARM =
  /\b(?:are you |you )?(?:thinking (?:about|of)|planning (?:on|to)|going to|gonna|want(?:ing)? to|wanna|mean(?:ing)? to) (?:hurt(?:ing)?|kill(?:ing)?|harm(?:ing)?|attack(?:ing)?|shoot(?:ing)?|stab(?:bing)?|go(?:ing)? after) (?:him|her|them|someone|somebody|anyone|your \w+|that \w+)\b[^?]{0,40}\?|\bpensando en (?:lastimarl[oa]s?|hacerle dano|matarl[oa]s?|hacerles dano)\b|\b(?:balak|iniisip) mo (?:bang )?(?:saktan|patayin)\b|\b(?:dinh|muon|co y) (?:lam hai|giet|danh) (?:anh ay|co ay|ho|nguoi do|ong ay|ba ay)\b|(?:想|打算)(?:伤害|傷害|打|杀|殺)(?:佢|他|她|人)[^？?]{0,6}[吗嗎呀？?]/;
export const ASKS_SAFETY = /\bare you (?:safe|somewhere safe|in (?:any )?danger|ok(?:ay)? right now)\b|\bestas (?:a salvo|segur[oa]|en peligro)\b|\bligtas ka ba\b|\bco an toan khong\b|你(?:现在|現在)?安全[吗嗎]|你(?:而家)?安唔安全|\bis every(?:one|body) (?:safe|okay|ok)\b|(?:大家|你们|你們|你哋)(?:现在|現在|而家)?(?:都)?安全[吗嗎]|(?:大家|你们|你們|你哋)(?:现在|現在|而家)?(?:都)?安唔安全|(?:冇事|没事|沒事)(?:嘛|吧|嗎|吗)|有冇事|有没有事|有沒有事/;
