/**
 * Vietnamese patterns of the safety rules: data only, read by the engine in
 * ../../crisis-detection.ts over normalised text, where accents are gone ("tự tử" → "tu tu",
 * "đ" → "d"). Unaccented Vietnamese collides with itself ("từ từ", slowly, is also "tu tu"), so
 * short words only count in context ("muon tu tu", not "tu tu" alone).
 */
import type { LanguageRules } from '../rule-types.ts';

export const vietnameseRules: LanguageRules = {
  language: 'vi',
  negationInPatterns: true,
  patterns: [
    { kind: 'suicide', pattern: /\b(?:muon|dinh|se|nghi den|nghi toi|co y dinh|tinh|sap) (?:di )?(?:chet|tu tu|tu sat)\b|\btu sat\b|\btu tu (?:di|cho xong|that)\b|\bket thuc (?:cuoc doi|cuoc song|tat ca|moi thu|doi minh)\b|\b(?:khong|chang|chan) (?:con )?muon song(?: nua)?\b|\bchan song\b|\bchet (?:di )?cho xong\b|\bnhay (?:cau|lau|song)\b|\btreo co\b|\b(?:song|ton tai) (?:de )?lam gi nua\b|\bkhong thiet song\b|\bbien mat mai mai\b|\bmoi nguoi se tot hon (?:neu )?(?:khong co|thieu) (?:toi|em|minh)\b/ },
    { kind: 'suicide', pattern: /\b(?:tich|gom|de danh) (?:thuoc|thuoc ngu)\b|\bthu tuyet menh\b|\bloi tu biet\b|\b(?:cho|tang) (?:het )?(?:do dac|con cho|con meo) (?:cua )?(?:toi|em|minh)\b.{0,30}\b(?:khi|sau khi) (?:toi|em|minh) (?:di|khong con)\b/ },
    { kind: 'self-harm', pattern: /\b(?:tu lam dau|tu hai|tu rach|rach tay|cat tay|cua tay|lam dau ban than|lam hai ban than)\b/ },
    { kind: 'domestic-violence', pattern: /\b(?:chong|vo|ban trai|nguoi yeu|bo duong|anh ay|han|ong ay)\b(?: \w+){0,2} (?:danh|bop co|de doa|dam|tat|dap|nhot) (?:toi|em|minh|tui|tao)\b|\bbi (?:chong|vo|ban trai|nguoi yeu|bo duong) (?:danh|bop co|de doa|bao hanh)\b|\bbao luc gia dinh\b/ },
    { kind: 'sexual-assault', pattern: /\b(?:bi )?(?:hiep dam|cuong hiep)\b|\bbi xam hai(?: tinh duc)?\b|\bxam hai (?:em|toi|minh|chau)\b|\bxam hai tinh duc\b|\bbi (?:bo|cho) thuoc\b/ },
    { kind: 'trafficking', pattern: /\b(?:giu|lay|cam|tich thu) (?:het )?(?:ho chieu|giay to|passport|the can cuoc)\b|\bbat (?:toi|em|minh) (?:phai )?(?:lam viec|ban dam|tiep khach|lam khong cong)\b|\bno (?:tien|nan)\b.{0,30}\bkhong (?:the|duoc) (?:di|bo di|roi di|ve)\b|\bbuon nguoi\b|\b(?:ho|chu|bon ho|chung no|ong chu|ba chu|chu tiem) (?:\w+ )?nhot (?:em|toi|minh|tui|chung toi)\b|\bkhong cho (?:toi|em|minh) (?:ra ngoai|ve nha|nghi viec|bo di)\b/ },
    { kind: 'child-abuse', pattern: /\b(?:danh|xam hai|bao hanh|nhot|bo doi) (?:con toi|con cua toi|con em|dua be|be|con minh|tre em|chau toi)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\b(?:qua lieu|soc thuoc|uong qua nhieu thuoc|uong het (?:ca )?(?:lo|vi|hop) thuoc|uong thuoc ngu|uong thuoc chuot|uong thuoc tru sau)\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:khong tho duoc|khong the tho|ngung tho|kho tho|bat tinh|ngat xiu|dau nguc|dot quy|co giat|khong tinh day|khong phan ung|chay mau nhieu|chay mau khong ngung|tim tai)\b|\b(?:be|em be|con toi|ba toi|ong toi|me toi) (?:\w+ ){0,2}(?:mem nguoi|khong tho|khong tinh|sot cao)\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:co|cam|mang) (?:sung|dao)\b.{0,30}\b(?:toi|em|minh)\b|\b(?:doa|se|muon) giet (?:toi|em|minh)\b|\b(?:dang )?theo doi (?:toi|em)\b|\b(?:toi|em) dang gap nguy hiem\b|\bco nguoi (?:dang )?(?:pha cua|xong vao)\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\b(?:toi|tao|em) (?:se |muon |sap )?giet (?:no|han|anh ta|co ta|chung no|ong ta)\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\b(?:chay nha|hoa hoan|nha (?:dang )?bi chay|ngap lut|lu lut|nuoc dang len|ro ri gas|ro gas|mui gas)\b/ },
    { kind: 'suicide', level: 'concern', pattern: /\b(?:tuyet vong|khong con hy vong|het hy vong|chiu het noi|khong chiu noi nua|khong ai quan tam (?:toi|em|minh)|toi la ganh nang|met moi voi tat ca)\b/ },
    // Learned from blind round 1.
    { kind: 'suicide', pattern: /\bnoi voi (?:con|vo|chong|me|ba)\w*(?: \w+){0,3} (?:la )?(?:me|ba|toi|em) (?:thuong|yeu)\b|\b(?:ngu|ngu luon) (?:luon )?(?:khong|ko) (?:day|tinh) (?:nua|lai)?\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\buong het (?:ca )?(?:chai|lo|vi|hop) thuoc\b|\buong (?:[5-9]|[1-9]\d+) vien\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\b(?:toi|tao|em) (?:se |muon |sap )?(?:giet|dam|chem) (?:no|han|anh ta|co ta|chung no|ong ta)\b/ },
    { kind: 'domestic-violence', pattern: /\b(?:chong|vo|ban trai|nguoi yeu|bo duong)\b(?: \w+){0,5} (?:danh|bop co|de doa|dam|tat) (?:toi|em|minh|tui)\b/ },
    { kind: 'sexual-assault', pattern: /\bep (?:toi|em|minh) (?:quan he|lam chuyen)\b/ },
    { kind: 'child-abuse', pattern: /\b(?:danh|bao hanh)\b.{0,40}\b(?:[1-9]|1[0-7]) tuoi\b|\bnguoi day vet bam\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bkhong (?:con )?cam giac\b|\bgoi khong tinh\b|\bmieng (?:bi )?meo\b|\bmeo mieng\b|\bmieng (?:bi )?meo\b[^\n]{0,30}\bnoi (?:khong ro|ngong)\b/ },
    // Learned from blind round 18 after its score was committed: cannot be woken, with breathing or lips named.
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\b(?:keu|goi|lay|lac) (?:ma |hoai |mai )?(?:khong|ko|hong) (?:day|tinh)\b[^\n]{0,40}\b(?:tho|moi)\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\bnuoc lu\b|\bbi ket\b.{0,20}\b(?:nuoc|lu|chay)\b/ },
    { kind: 'sexual-assault', pattern: /\bvao giuong (?:em|toi|minh)\b|\bkhong cho ma\b.{0,20}\bvan lam\b/ },
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\btho gap\b|\bnon mua\b.{0,40}\b(?:tho|lo mo|khat)\b|\bdau oc lo mo\b/ },
    { acrossClauses: true, kind: 'harm-to-others', level: 'immediate-danger', pattern: /\bmang (?:dao|sung) theo\b|\b(?:han|no|ong ta|ong ay) phai tra gia\b/ },
    // Broader vocabulary written before blind round 2 (not from any round's sentences).
    { kind: 'suicide', pattern: /\b(?:chi muon|that su muon) (?:chet|bien mat|ngu mai mai)\b|\bngu mai mai\b|\bsong (?:khong|chang) (?:con )?y nghia\b|\bkhong (?:con )?ly do (?:de )?song\b|\bvinh biet\b|\bthuoc ngu\b.{0,30}\b(?:het|chet)\b/ },
    { kind: 'self-harm', pattern: /\btu (?:cat|rach|dot|danh|dam) (?:minh|ban than|tay)\b/ },
    { kind: 'domestic-violence', pattern: /\b(?:chong|vo|ban trai|nguoi yeu|bo duong)\b.{0,30}\b(?:danh|dap|tat|bop co|siet co|doa giet|nhot)\b.{0,10}\b(?:toi|em|minh|tui)\b/ },
    { kind: 'sexual-assault', pattern: /\b(?:ep|cuong ep|bat) (?:toi|em|minh) (?:quan he|ngu voi|lam tinh)\b|\bsam so\b|\bbo thuoc vao (?:nuoc|ly|do uong)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\buong (?:ca|het|nhieu|qua nhieu) (?:lo |vi |hop |chai )?thuoc\b|\bchich qua lieu\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:moi|mat|tay|chan) (?:tim tai|tim ngat|xanh tai)\b|\bkhong (?:tinh|phan ung)\b|\bsot cao\b.{0,20}\b(?:co giat|li bi|khong tinh)\b|\bvet thuong\b.{0,30}\b(?:mu|hoi|sung|den|do lan)\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:co nguoi|han|bon no)\b.{0,20}\b(?:cam|mang|rut) (?:dao|sung|ma tau)\b|\b(?:rinh|duoi theo) (?:toi|em)\b|\bdoa (?:giet|danh|chem)\b/ },
    { kind: 'child-abuse', pattern: /\b(?:bo doi|nhot|xam hai|bao hanh)\b.{0,20}\b(?:con|be|chau|dua tre|tre em)\b|\b(?:be|em be) (?:bi )?bo (?:mot minh|trong xe)\b/ },
    { kind: 'trafficking', pattern: /\bgiu (?:het )?(?:ho chieu|giay to|luong)\b|\btra no\b.{0,20}\b(?:khong duoc (?:di|ve|nghi))\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\b(?:lua|khoi)(?: den| day dac)? (?:dang )?(?:lan|bao trum|day)\b/ },
    { kind: 'suicide', level: 'concern', pattern: /\b(?:chan nan|khong con suc|bat luc|vo vong|met moi qua)\b/ },
    // Learned from blind round 2.
    { kind: 'suicide', level: 'immediate-danger', pattern: /\bde danh (?:du )?thuoc ngu\b|\bse uong het\b/ },
    { kind: 'suicide', pattern: /\bkhong o day lau nua\b|\bnho (?:anh|chi|ban) nuoi (?:giup|gium)\b/ },
    { kind: 'self-harm', pattern: /\b(?:dot|chich|cat) da tay\b|\bbat lua dot\b/ },
    { kind: 'others-self-harm', level: 'immediate-danger', pattern: /\bdung tren noc nha\b|\bdoi nhay xuong\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\btoi ban no\b|\bsung toi co san\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\bchat tay toi\b|\bcho vay nang lai\b.{0,40}\b(?:chat|giet|danh)\b/ },
    { kind: 'child-abuse', pattern: /\bnhot (?:em|con|chau|be)\b.{0,30}\bkhong cho an\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bhet thuoc tieu duong\b|\btho co mui la\b|\bmo mat\b.{0,20}\bkhat\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\bchay lan sang\b|\bcon ket ben trong\b/ },
    { kind: 'domestic-violence', pattern: /\bbop co (?:toi|em|minh)\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\bse giet ca nha\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\bdot (?:lo )?than\b.{0,20}\b(?:trong xe|trong phong|trong leu)\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bgoi khong day\b/ },
    // Learned from blind round 21 after its score was committed: the wrong medicine, or several times the dose.
    { kind: 'overdose', level: 'immediate-danger', pattern: /\buong nham thuoc\b|\buong (?:thuoc \w+ \w+ )?gap (?:\d+|hai|ba|bon|nam) lan\b/ },
    // Learned from blind round 18 after its score was committed: a parent who often hits the child, and "hiếp" said short.
    { kind: 'child-abuse', pattern: /\b(?:chong|vo|ba|bo|cha|me|ong|ba noi|ba ngoai|chu|cau|di|co|duong|ghe) (?:toi |em |minh |no )?(?:hay|thuong|cu|lai|toan) (?:danh|dap|bop co|xam hai) (?:con|be|chau|dua nho|em be)\b/ },
    { kind: 'sexual-assault', pattern: /\bbi (?:no |hon |ong ta |ho )?hiep\b/ },
    // Learned from blind round 30 after its score was committed: a neighbour who said he will hack at the person, with a real knife.
    { acrossClauses: true, kind: 'threat', pattern: /\bnoi (?:la )?(?:se )?(?:chem|giet|dam|danh chet) (?:toi|em|minh|tao)\b/ },
    // Learned from blind round 41 after its score was committed: cold, shaking and talking nonsense (hypothermia); a child's
    // neck squeezed by an adult.
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\b(?:lanh|ret)\b.{0,60}\brun\b.{0,60}\b(?:noi lung tung|noi nham|lu lan|mo mang|lo mo|khong tinh tao)\b/ },
    { acrossClauses: true, kind: 'child-abuse', pattern: /\b(?:con|be|thang (?:be|nho)|con be)\b.{0,80}\bbop co\b|\bbop co (?:no|con|be|thang be)\b/ },
    // Learned from blind rounds 69–74 after their scores were committed: carbon monoxide from a heater or generator, groping by a relative.
    { acrossClauses: true, kind: 'disaster', level: 'immediate-danger', pattern: /\b(?:may suoi|may phat(?: dien)?|lo than|bep than|lo suoi)\b.{0,60}\b(?:nhuc dau|dau dau|buon non|non oi|lo mo|ngu khong day|khong tinh)\b/ },
    { kind: 'sexual-assault', pattern: /\bso soang\b/ },
  ],
  idioms: [/\bchet cuoi\b|\b(?:xau ho|ngai|nguong|que|quê) (?:qua |that |lam )?muon chet\b|\b(?:me|ma|ba|bo|cha) (?:toi |em |minh |tao )?(?:se |chac )?giet (?:toi|em|minh|tao) (?:neu|khi|mat)\b|\b(?:khong|chang) (?:muon|dinh) (?:chet|tu tu)\b|\b(?:cuoi|doi|met|nong|lanh|chan|so|dau lung|dau dau|dau bung|dau chan|buon ngu) (?:muon )?chet(?: di)?(?: (?:duoc|luon|mat))?\b/g],
  refinements: [],
};
