/**
 * Tagalog wording of the fixed safety replies. The lines answer in English or Spanish; 988, 911,
 * the trafficking hotline, Childhelp and Poison Control have interpreters, so the reply says how to
 * ask for one.
 */
import type { ReplyWords } from './reply-words.ts';

export const tagalogReplies: ReplyWords = {
  lead: {
    suicide:
      'Salamat at sinabi mo ito sa akin. Mahalaga ang nararamdaman mo, at hindi mo kailangang harapin ito nang mag-isa. Pakiusap, humingi ng tulong ngayon: tumawag o mag-text sa 988 para makausap ang isang sinanay na tagapayo, anumang oras.',
    'self-harm':
      'Salamat at sinabi mo sa akin. Karapat-dapat kang alagaan, hindi masaktan. Kung malala ang sugat o hindi tumitigil ang pagdurugo, tumawag sa 911. Para may makausap ngayon, tumawag o mag-text sa 988, anumang oras.',
    'others-self-harm':
      'Mabuti at binabantayan mo siya. Kung nasa panganib siya ngayon, tumawag sa 911. Puwede ka ring tumawag sa 988 para sa ibang tao: tutulungan ka nilang malaman ang sasabihin at gagawin. Kung kaya mo, samahan mo siya at tanungin mo siya nang diretso kung iniisip niyang magpakamatay.',
    'harm-to-others':
      'Mukhang mabigat ang sakit at galit na dala mo ngayon. Kung may nasa panganib, tumawag sa 911. Puwede ka ring tumawag o mag-text sa 988 anumang oras: tumutulong sila sa anumang krisis, pati sa pag-iisip na manakit ng iba.',
    threat: 'Ang kaligtasan mo ang pinakamahalaga. Kung nasa panganib ka ngayon, tumawag sa 911. Kung kaya mo, pumunta sa lugar na may ibang tao.',
    'domestic-violence':
      'Salamat at sinabi mo sa akin. Hindi mo ito kasalanan, at karapat-dapat kang maging ligtas. Libre, kumpidensyal at bukas 24/7 ang National Domestic Violence Hotline: tumawag sa 1-800-799-7233.',
    'sexual-assault':
      'Patawad at nangyari ito sa iyo. Hindi mo ito kasalanan. Libre, kumpidensyal at bukas 24/7 ang National Sexual Assault Hotline (RAINN): tumawag sa 1-800-656-4673. Kung may sugat ka o nasa panganib, tumawag sa 911. Sa ospital, magagamot ka nila at makakakuha ng ebidensya kung gusto mo.',
    trafficking:
      'Hindi tama ang inilalarawan mo, at hindi mo ito kasalanan. Libre, kumpidensyal at bukas 24/7 ang National Human Trafficking Hotline, sa maraming wika: tumawag sa 1-888-373-7888 o mag-text sa 233733. Kung nasa panganib ka ngayon, tumawag sa 911.',
    'child-abuse':
      'Salamat at sinabi mo sa akin. Walang batang dapat saktan. Bukas 24/7 ang Childhelp National Child Abuse Hotline: tumawag o mag-text sa 1-800-422-4453. Kung may batang nasa panganib ngayon, tumawag sa 911.',
    overdose:
      'Pakiusap, tumawag sa 911 ngayon: maaaring overdose ito. Habang hinihintay ang tulong: kung may naloxone (Narcan) ka, gamitin mo; samahan mo siya; kung humihinga siya, ihiga siya nang patagilid; sundin ang sasabihin ng dispatcher. Makakatulong din ang Poison Control: 1-800-222-1222.',
    medical:
      'Pakiusap, tumawag sa 911 ngayon. Mukhang medical emergency ito at mabilis silang makakapagpadala ng tulong. Habang hinihintay, samahan ang tao, huwag siyang bigyan ng pagkain o inumin, at sundin ang sasabihin ng dispatcher.',
    disaster:
      'Pakiusap, lumabas ka na ngayon at tumawag sa 911 mula sa ligtas na lugar. Huwag nang bumalik sa loob. Kung may amoy gas, huwag buksan o patayin ang ilaw. Kung tumataas ang tubig, pumunta sa mataas na lugar.',
  },
  leadNow: {
    'domestic-violence':
      'Ang kaligtasan mo ang pinakamahalaga: kung nandiyan ngayon ang nananakit sa iyo o nasa panganib ka, tumawag sa 911. Hindi mo ito kasalanan. Kapag kaya mo na, tumawag sa National Domestic Violence Hotline: 1-800-799-7233.',
  },
  alsoSuicide: 'Puwede ka ring tumawag o mag-text sa 988, anumang oras.',
  urgentSelf: 'Kung nasaktan mo na ang sarili mo o may ininom ka, tumawag sa 911 ngayon.',
  interpretation: 'May libreng interpreter ang 988 at 911: sabihin lang ang "Tagalog".',
  closing: 'Isa akong AI, hindi tagapayo, pero nandito ako at puwede tayong mag-usap.',
  askSafe: 'Ligtas ka ba ngayon?',
  askCall: 'Kaya mo bang tumawag sa 911 ngayon?',
  screening:
    'Salamat at sinabi mo kung gaano kabigat ito. Tinatanong ko ito nang diretso sa lahat, dahil mahalaga: may naiisip ka bang magpakamatay, o ayaw mo na bang mabuhay?',
  safetyCheck: 'Salamat at sinabi mo sa akin. Gusto kong itanong, dahil mahalaga: ligtas ka ba ngayon?',
  othersCheck: 'Salamat at sinabi mo sa akin. Gusto kong itanong, dahil mahalaga: ligtas ba ngayon ang taong inaalala mo?',
  screenedNo:
    'Salamat sa tapat mong sagot. Natutuwa ako na wala kang ganoong iniisip. Nandito pa rin ako, at kung magbago iyon, puwede kang tumawag o mag-text sa 988 anumang oras.',
  aboutDanger:
    'Kung makakatulong: libre at bukas 24/7 ang 988 (tawag o text), at puwede mo rin itong tawagan para sa ibang tao, para malaman ang sasabihin o gagawin.',
};
