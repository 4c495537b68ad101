/**
 * Tagalog (and Taglish) patterns of the safety rules: data only, read by the engine in
 * ../../crisis-detection.ts over normalised text. Tagalog negation ("hindi", "ayoko") changes the
 * words themselves, so the negated forms are written as idioms to blank, not left to the engine.
 */
import type { LanguageRules } from '../rule-types.ts';

export const tagalogRules: LanguageRules = {
  language: 'tl',
  negationInPatterns: true,
  patterns: [
    { kind: 'suicide', pattern: /\b(?:magpakamatay|magpapakamatay|nagpapakamatay|nagpakamatay|pakamatay)\b|\bpatayin (?:ko )?(?:na )?(?:ang )?sarili ko\b|\bpapatayin ko (?:na )?(?:ang )?sarili ko\b|\b(?:gusto|gusto ko|gusto kong) (?:na |nang )?(?:mamatay|mawala)\b|\bmamatay na (?:lang|lng)\b|\bsana (?:mamatay|mawala) na (?:lang )?ako\b/ },
    { kind: 'suicide', pattern: /\b(?:ayoko|ayaw ko|ayokong|di ko gusto) (?:na |nang )?(?:mabuhay|mabuhay pa|gumising)\b|\bwala (?:nang|ng|na) (?:saysay|silbi|kwenta) ang (?:buhay|pagbuhay) ko\b|\b(?:tapusin|wakasan|tatapusin|wawakasan) (?:ko )?(?:na )?(?:ang )?(?:buhay ko|lahat)\b|\bmagbigti\b|\bmagbibigti\b|\btatalon (?:ako )?(?:sa|mula sa) (?:tulay|building|gusali|bubong)\b|\bpagod na (?:pagod )?(?:na )?ako sa buhay\b|\bmas (?:mabuti|okay|ok) (?:na )?(?:wala na ako|kung wala ako|kung patay ako)\b|\bpaalam na (?:sa inyo|sa lahat)\b/ },
    { kind: 'suicide', pattern: /\b(?:ibigay|ipamigay|ipinamigay) ko (?:na )?(?:ang )?(?:lahat ng )?(?:gamit|aso|pusa) ko\b|\b(?:alagaan|ingatan) (?:nyo|ninyo|mo) (?:ang )?(?:aso|pusa|anak) ko (?:pag|kapag|kung) wala na ako\b|\bnag-?ipon (?:ako )?ng (?:gamot|tableta|pills)\b/ },
    { kind: 'self-harm', pattern: /\b(?:sinasaktan|saktan|sasaktan|sinaktan) ko (?:ang )?sarili ko\b|\b(?:naglalaslas|maglaslas|naglaslas|laslas)\b|\bhiniwa ko (?:ang )?(?:braso|pulso|hita) ko\b|\bnag(?:cu)?-?cut(?:ting)? (?:na naman |ulit |na ulit )?ako\b(?! ng (?:class|klase|pila))/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bhirap (?:na )?(?:siya |sya |ako |si \w+ )?(?:huminga|humimga)\b|\b(?:hindi|di) (?:na )?(?:makahinga|humihinga)\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\bnaipit (?:ang |yung |si )?(?:paa|kamay|binti|katawan|lola|lolo|anak|nanay|tatay|ako|siya)\b/ },
    { kind: 'harm-to-others', pattern: /\b(?:dadalhin|dalhin|magdadala|dala) (?:ko )?(?:na )?(?:yung |ang )?(?:baril|kutsilyo|itak|patalim|balisong)\b/ },
    // A room "free" if the person gives in to the landlord: sex for housing (learned from blind round 17).
    { acrossClauses: true, kind: 'sexual-assault', pattern: /\b(?:libre|free|walang bayad)\b.{0,30}\b(?:kwarto|upa|renta|tirahan|bahay)\b.{0,40}\bpagbigyan\b|\bpagbigyan (?:ko )?(?:yung |ang )?(?:landlord|kasero|may-ari|amo)\b/ },
    { kind: 'disaster', pattern: /\b(?:bumagsak|gumuho|bumigay) (?:ang |yung )?(?:kisame|bubong|pader)\b/ },
    { kind: 'domestic-violence', pattern: /\b(?:sinasaktan|binubugbog|sinasampal|sinusuntok|sinasakal|sinakal|binugbog|sinaktan|sinampal|sinuntok|pinagbabantaan|tinatakot|kinulong|ikinulong) (?:na naman |ulit )?(?:ako|kami)\b|\b(?:binubugbog|sinasaktan|binugbog|sinaktan) (?:ako )?ng (?:asawa|mister|kinakasama|boyfriend|bf|partner|tatay|nanay|ama|ina) ko\b/ },
    { kind: 'sexual-assault', pattern: /\b(?:ginahasa|hinalay|ni-?rape|narape|na-?rape|minolestya|minomolestya|binaboy|pinagsamantalahan|ginalaw (?:ako|niya ako))\b/ },
    { kind: 'trafficking', pattern: /\b(?:kinuha|hawak|tinago|kinumpiska) (?:nila |niya |ng amo ko )?(?:ang )?(?:passport|pasaporte|papeles|dokumento|id) ko\b|\bpinipilit (?:nila |niya )?(?:akong|ako na|ako) (?:magtrabaho|makipagtalik|magbenta)\b|\b(?:hindi|di) (?:nila |niya )?ako (?:pinapaalis|pinapalabas|pinapauwi|pinapasahod|binabayaran)\b|\butang\b.{0,30}\b(?:hindi|di) (?:ako )?makaalis\b/ },
    { kind: 'child-abuse', pattern: /\b(?:sinasaktan|binubugbog|pinapalo|minomolestya|minolestya|sinasampal|ginagalaw) (?:niya |nila )?(?:ang )?(?:anak ko|mga anak ko|bata|apo ko|kapatid kong bata)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\bnag-?overdose\b|\b(?:uminom|ininom|nilunok|nakainom|nakalunok) (?:siya |ako )?(?:ng )?(?:sobrang dami(?:ng)?|maraming|isang bote ng|lahat ng) (?:gamot|tableta|pills)\b|\b(?:uminom|ininom|nakainom) (?:siya |ako )?ng (?:lason|muriatic|zonrox|clorox)\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:hindi|di) (?:siya |ako )?(?:humihinga|makahinga|gumigising|nagigising|gumagalaw)\b|\bnawalan (?:siya |ako )?ng malay\b|\b(?:sumasakit|masakit) (?:ang )?dibdib (?:ko|niya)\b|\binaatake (?:siya |ako )?sa puso\b|\bna-?stroke\b|\bnangingisay\b|\b(?:dumudugo|duguan) nang (?:sobra|marami)\b|\bnangingitim (?:ang )?sugat\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\bmay (?:baril|kutsilyo|patalim|itak)\b.{0,30}\b(?:siya|sila|lalaki|tao)\b|\b(?:siya|sila|lalaki|tao)\b.{0,20}\bmay (?:baril|kutsilyo|patalim|itak)\b|\bpapatayin (?:niya|nila) (?:daw )?ako\b|\b(?:sinusundan|binabantayan) ako\b|\bnasa panganib ako\b|\bmay pumapasok sa (?:bahay|kwarto)\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\bpapatayin ko (?:siya|sila|talaga siya|ang (?:asawa|amo|kapitbahay) ko)\b|\bsasaksakin ko (?:siya|sila)\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\b(?:may )?sunog\b|\bnasusunog\b|\bbaha na (?:sa|dito)\b|\btumataas ang baha\b|\bamoy gas\b|\btumatagas na gas\b/ },
    { kind: 'suicide', level: 'concern', pattern: /\bpagod na (?:pagod )?(?:na )?ako\b|\bwala (?:nang|na) (?:pag-?asa|saysay)\b|\bwalang pag-?asa\b|\bhindi ko na (?:kaya|kinakaya)\b|\bsuko na ako\b|\bwalang may pakialam sa akin\b|\bpabigat (?:lang )?ako\b/ },
    // Learned from blind round 1.
    { kind: 'suicide', level: 'immediate-danger', pattern: /\b(?:iinumin|inumin|lulunukin|lunukin) ko (?:na )?(?:lahat ng|ang lahat ng) (?:gamot|tableta|pills)\b/ },
    { kind: 'suicide', pattern: /\bpakisabi (?:sa|kay) \w+(?: ko)? (?:na )?mahal ko\b|\bhindi na (?:ako|ko) babalik\b/ },
    { kind: 'self-harm', pattern: /\bhiniwa ko (?:ulit |na naman )?(?:ang )?(?:braso|pulso|hita) ko\b/ },
    { kind: 'others-self-harm', level: 'immediate-danger', pattern: /\b(?:tatalon|magpapakamatay|magbibigti) (?:daw |raw )?(?:siya|sya)\b|\bbinigay (?:niya )?(?:sa(?:kin| akin)) (?:ang )?lahat ng gamit (?:niya|nya)\b|\bnag-?goodbye\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\bpapatayin ko (?:talaga )?(?:ang|yung|si) \w+(?: ko)?\b|\bmay (?:baril|kutsilyo) ako\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:babarilin|sasaksakin|papatayin|bubugbugin) (?:daw |raw )?ako\b/ },
    { kind: 'child-abuse', pattern: /\b(?:pinapalo|sinasaktan|binubugbog|sinasampal)\b.{0,30}\b(?:anak|pamangkin|apo|kapatid|bata)\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bubos na (?:ang )?insulin\b|\bwala (?:na )?(?:akong )?insulin\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\bamoy (?:ng )?gas\b/ },
    { kind: 'others-self-harm', pattern: /\b(?:braso|pulso|hita) (?:niya|nya)\b.{0,20}\bsugat\b/ },
    // Broader vocabulary written before blind round 2 (not from any round's sentences).
    { kind: 'suicide', pattern: /\b(?:mamatay|mamamatay) na lang (?:ako|siguro)\b|\bgusto ko nang mawala\b|\bwala nang (?:dahilan|rason) para mabuhay\b|\bhuling (?:araw|gabi) ko na\b/ },
    { kind: 'self-harm', pattern: /\b(?:sinugatan|hiniwa|sinunog|pinaso) ko (?:ang )?(?:sarili|braso|pulso|hita|balat) ko\b/ },
    { kind: 'domestic-violence', pattern: /\b(?:sinasaktan|binubugbog|sinuntok|sinampal|sinakal|tinulak|sinipa|pinagbantaan) (?:niya |nila )?(?:ako|kami)\b|\b(?:asawa|kinakasama|boyfriend|bf|partner|live-?in) ko\b.{0,30}\b(?:nanakit|nananakit|sumuntok|sinampal|sinakal|bugbog)\b/ },
    { kind: 'sexual-assault', pattern: /\bpinilit (?:niya |nila )?(?:ako|akong) (?:makipagtalik|gawin|sumiping)\b|\bhinipuan\b|\bnilagyan (?:ng )?(?:droga|gamot) (?:ang )?inumin ko\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\b(?:uminom|ininom|nakainom|lumunok|nilunok) (?:siya |ako )?(?:ng )?(?:maraming|isang bote|sampung|\d+) (?:na )?(?:gamot|tableta|pills|sleeping pills)\b|\bsobra(?:ng)? (?:dosis|gamot)\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:nangingitim|nangangasul|namumutla) (?:ang )?(?:labi|daliri|mukha)\b|\b(?:hindi|di) (?:siya |na )?(?:magising|sumasagot)\b|\bnanginginig (?:nang )?sobra\b|\bnahimatay\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:sinusundan|inaabangan|hinahabol) (?:ako|kami)\b|\bmay dalang (?:baril|kutsilyo|patalim|itak)\b|\bmay hawak (?:na|ng|nang) (?:baril|kutsilyo|patalim|itak)\b/ },
    { kind: 'child-abuse', pattern: /\b(?:ginugutom|kinukulong)\b.{0,20}\b(?:bata|anak|pamangkin|apo)\b|\biniwan (?:ang |yung )?(?:bata|baby|sanggol)\b.{0,20}\b(?:mag-?isa|sa kotse)\b/ },
    // Locked in by the employer, the phone hidden (learned from blind rounds 63-68).
    { kind: 'trafficking', pattern: /\b(?:ni-?lock|kinulong|ikinulong|ikinandado|kinandado) (?:ako|kami)\b.{0,40}\b(?:amo|employer|kwarto|bahay)\b|\btinago (?:nya|niya|ng amo ko|nila) (?:ang )?(?:phone|cellphone|cp|telepono) (?:ko|namin)\b/ },
    { kind: 'trafficking', pattern: /\b(?:hindi|di) (?:kami |ako )?(?:pinapalabas|makalabas|makaalis|pinapauwi)\b|\butang\b.{0,40}\b(?:hindi makaalis|bawal umalis)\b/ },
    { kind: 'suicide', level: 'concern', pattern: /\b(?:wala na akong|wala nang) (?:gana|pag-?asa|silbi)\b|\bayoko na\b(?! (?:dito|sa|kumain|ng|nang|mag))/ },
    // Learned from blind round 2.
    { kind: 'suicide', level: 'immediate-danger', pattern: /\b(?:ready|handa) na (?:yung|ang) (?:lubid|tali|gamot)\b|\bhinihintay ko lang na (?:makatulog|umalis) sila\b/ },
    { kind: 'suicide', pattern: /\b(?:di|hindi) ko na (?:siya|sila) kailangan(?:g)? alagaan\b|\bibibigay ko na (?:lang )?(?:kay \w+ )?(?:yung|ang) (?:aso|pusa|gamit) ko\b/ },
    { kind: 'self-harm', pattern: /\bsinusuntok ko (?:yung |ang )?sarili ko\b|\bang dami ko nang pasa\b/ },
    { kind: 'others-self-harm', pattern: /\bgusto na (?:daw )?(?:niya|nya) (?:mamatay|magpakamatay)\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\bsasaksakin ko (?:talaga|siya|sila)\b|\bmay dala akong (?:kutsilyo|baril|patalim)\b/ },
    { kind: 'domestic-violence', level: 'immediate-danger', pattern: /\b(?:sinasampal|sinusuntok|binubugbog) (?:niya |nya )?(?:ako|kong|ko)\b|\bkinukuha (?:niya|nya) (?:ngayon )?(?:yung|ang) kutsilyo\b|\bnakakandado ako\b/ },
    { kind: 'sexual-assault', pattern: /\bpinipilit (?:niya |nya )?akong matulog sa kwarto\b|\bginawa na (?:niya|nya) (?:sakin|sa akin)\b/ },
    { kind: 'trafficking', pattern: /\b(?:di|hindi) kami sinasahuran\b|\bkinuha ang passport namin\b|\butang daw\b/ },
    { acrossClauses: true, kind: 'suicide', level: 'immediate-danger', pattern: /\bhawak ko (?:na )?(?:yung |ang )?(?:kutsilyo|baril|lubid|blade|gamot|pills|tali)\b.{0,60}\b(?:ayoko na|pagod na|paalam|tapusin|tatapusin)\b|\b(?:ayoko na|pagod na|paalam)\b.{0,60}\bhawak ko (?:na )?(?:yung |ang )?(?:kutsilyo|baril|lubid|blade|gamot|pills|tali)\b/ },
    { kind: 'child-abuse', pattern: /\bsinusunog ng sigarilyo\b/ },
    { acrossClauses: true, kind: 'child-abuse', pattern: /\b(?:anak|pamangkin|apo|kapatid|bata)\b.{0,40}\b(?:lagi|palaging|laging|parating) (?:may|maraming|puro) (?:pasa|sugat|paso)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\bblue na (?:yung|ang) labi\b|\bwala kaming narcan\b|\bnag-?inject tapos (?:biglang )?bumagsak\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bpulang guhit\b|\bsugat\b.{0,30}\b(?:namamaga|mabaho)\b.{0,40}\blagnat\b/ },
    { acrossClauses: true, kind: 'child-abuse', pattern: /\b(?:sinasampal|sinasaktan|paso|black eye|pasa)\b.{0,80}\b(?:[1-9]|1[0-7]) (?:years old|taon)\b/ },
    // Learned from blind round 18 after its score was committed: very high blood sugar with drowsiness or slow answers.
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\b(?:sugar|asukal|glucose|glucometer|blood sugar)\b.{0,60}\b(?:antok|inaantok|mabagal (?:sumagot|magsalita)|lito|nalilito|hindi (?:na )?makausap|hinang hina|nanghihina)\b|\b(?:antok|inaantok|mabagal (?:sumagot|magsalita)|nalilito|hinang hina)\b.{0,60}\b(?:sugar|asukal|glucose)\b/ },
    // Learned from blind round 30 after its score was committed: on a bridge now, saying sorry to everyone.
    { acrossClauses: true, kind: 'suicide', level: 'immediate-danger', pattern: /\bnasa (?:tulay|bubong|rooftop|riles|overpass) (?:na )?ako\b(?=[^\n]*\b(?:ngayon|sorry|paalam|salamat sa lahat|patawad)\b)|\bsorry na (?:lang )?(?:po )?sa (?:lahat|inyong lahat)\b/ },
    // Learned from blind rounds 69–74 after their scores were committed: heat stroke, diabetic crisis, a threat to spread pictures.
    { kind: 'medical', level: 'immediate-danger', pattern: /\bhindi na (?:sya |siya )?pinagpapawisan\b/ },
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\bsugar\b.{0,30}\b[5-9]00\b.{0,40}\b(?:nagsusuka|lutang|nalilito|hindi makausap)\b/ },
    { acrossClauses: true, kind: 'threat', pattern: /\bikakalat (?:daw |nya |niya |nila )?(?:ang |yung )?(?:pics|picture|pictures|litrato|video|photos?) ko\b/ },
  ],
  idioms: [
    /\b(?:hindi|di) (?:ako )?(?:magpapakamatay|nagpapakamatay)\b|\bayoko(?:ng)? mamatay\b|\b(?:hindi|di) ko gusto(?:ng)? mamatay\b/g,
    /\bmamatay (?:sa|ako sa) (?:tawa|gutom|inggit|hiya)\b|\bpatay na patay (?:ako )?sa\b/g,
    /\blagot ako (?:kay|sa) (?:mama|papa|nanay|tatay|mommy|daddy|ate|kuya|lola|lolo|boss)\b(?:[^.?!\n]{0,10}\bpapatayin (?:ako|niya ako|nya ako)(?: nun| niyan| talaga)? (?:pag|kapag|kung)\b)?|\b(?:mama|papa|nanay|tatay|mommy|daddy|ate|kuya|lola|lolo)\b[^.?!\n]{0,30}\bpapatayin (?:ako|niya ako|nya ako)(?: nun| niyan| talaga)? (?:pag|kapag|kung)\b/g,
    /\bpapatayin (?:ako|niya ako) (?:ng|ni) (?:nanay|tatay|mama|papa|mommy|daddy|boss|amo|manager|teacher|titser|kuya|ate|lola|lolo|tita|tito|landlord|kasero|kasera|may-ari)(?: ko)?\b/g,
  ],
  refinements: [],
};
