/**
 * The word lists grounding reads a message with (grounding.ts): English and Spanish basics, kept
 * apart from the matching so they can be read and extended on their own.
 */
import type { CategoryId } from '../../shared/resource-directory.ts';

/** Words for each need. A trailing * matches any ending ("evict*": evicted, eviction). */
export const CATEGORY_TERMS: Record<CategoryId, readonly string[]> = {
  housing: [
    'homeless*', 'shelter*', 'housing', 'house', 'evict*', 'rent', 'apartment', 'place to sleep', 'place to stay', 'place to live', 'somewhere to stay', 'kick me out', 'kicking me out',
    'slept on the', 'slept outside', 'slept in my car', 'sleeping on the', 'on the bus', 'anywhere to go', 'nowhere to stay',
    'lose my apartment', 'losing my apartment', 'lose my home', 'losing my home', 'lose my housing', 'losing my housing',
    'sleeping outside', 'sleep outside', 'sleeping in my car', 'sleep in my car', 'living in my car', 'on the street*', 'tent',
    'couch surf*', 'kicked out', 'landlord', 'lease', 'bed', 'motel', 'roof over', 'somewhere to sleep', 'nowhere to go',
    'nowhere to sleep', 'sleep tonight', 'where can i sleep', 'where do i sleep', 'stay tonight', 'vivienda', 'refugio', 'albergue', 'desalo*', 'renta', 'alquiler', 'en la calle', 'dormir', 'no tengo casa',
    'techo', 'apartamento', 'sin hogar',
    'matutulugan', 'matulog', 'tulugan', 'walang bahay', 'walang matirhan', 'walang tirahan', 'pinalayas', 'palalayasin', 'tirahan', 'upa',
    'cho o', 'cho ngu', 'ngu ngoai duong', 'vo gia cu', 'khong co nha', 'bi duoi', 'duoi nha', 'thue nha', 'nha o', 'noi tam tru',
    '睡覺', '瞓覺', '瞓街', '地方睡', '地方瞓', '過夜', '住的地方', '住處', '庇護所', '收容所', '住屋', '無家可歸', '无家可归', '露宿', '租金', '交租', '逼遷', '床位',
  ],
  food: [
    'food', 'hungry', 'hunger', 'starving', 'eat', 'eaten', 'eating', 'meal*', 'groceries', 'grocery', 'pantry', 'pantries',
    'calfresh', 'snap', 'food stamps', 'ebt', 'wic', 'lunch', 'dinner', 'breakfast', 'food bank', 'formula', 'comida', 'hambre',
    'comer', 'despensa', 'cupones', 'alimentos',
    'pagkain', 'gutom', 'nagugutom', 'makakain', 'kumain', 'thuc an', 'do an', 'bua an', 'thuc pham', '食物', '食飯', '吃飯', '肚餓', '餓', '飢餓', '饿',
  ],
  health: [
    'someone to talk to', 'talk to someone', 'somebody to talk to', 'talk to somebody', 'need to talk',
    'health', 'doctor', 'clinic', 'sick', 'ill', 'medicine', 'medication*', 'meds', 'prescription*', 'pain', 'hospital', 'mental health',
    'therap*', 'counsel*', 'depress*', 'anxi*', 'panic attack*', 'dental', 'dentist', 'tooth', 'teeth', 'toothache', 'insurance',
    'medi-cal', 'medical', 'medicaid', 'addict*', 'drugs', 'alcohol*', 'drinking', 'sober', 'rehab', 'detox', 'relapse*', 'pregnan*',
    'salud', 'medico', 'clinica', 'enferm*', 'medicina', 'dientes', 'dentista', 'seguro medico', 'ansiedad', 'depresion', 'drogas',
    'doktor', 'klinika', 'may sakit', 'gamot', 'ospital', 'kalusugan', 'bac si', 'phong kham', 'benh', 'thuoc', 'benh vien', 'suc khoe',
    '醫生', '医生', '睇醫生', '診所', '诊所', '病', '藥', '药', '醫院', '医院',
  ],
  employment: [
    'job', 'jobs', 'need work', 'find work', 'looking for work', 'out of work', 'no work', 'lost work', 'employ*', 'unemploy*', 'laid off', 'fired', 'income', 'money', 'cash', 'broke', 'bills',
    'benefits', 'ssi', 'ssdi', 'disability', 'taxes', 'tax', 'resume', 'interview*', 'paycheck', 'hours cut', 'hours got cut', 'trabajo',
    'empleo', 'desemplead*', 'dinero', 'despedid*', 'beneficios', 'impuestos',
    'trabaho', 'pera', 'walang trabaho', 'sweldo', 'bayarin', 'viec lam', 'mat viec', 'that nghiep', 'het tien', 'khong co tien', 'tien bac', 'hoa don',
    '工作', '搵工', '找工作', '失業', '失业', '錢', '钱', '賬單',
  ],
  legal: [
    'legal', 'lawyer', 'attorney', 'court', 'landlord', 'evict*', 'tenant', 'immigra*', 'papers', 'visa', 'green card', 'undocumented', 'deport*',
    'record', 'expunge*', 'conviction', 'felony', 'background check', 'rights', 'warrant', 'custody', 'unlawful detainer',
    'abogad*', 'corte', 'inmigra*', 'papeles', 'derechos', 'desalo*',
    'abogado', 'korte', 'luat su', 'toa an', 'phap ly', '律師', '律师', '法庭', '法院', '法律', '逼遷',
  ],
  crisis: [
    'crisis', 'abuse*', 'abusive', 'domestic violence', 'hits me', 'beats me', 'unsafe', 'assault*', 'rape*', 'panic', 'suicid*', 'violencia', 'violacion',
    'inaabuso', 'binubugbog', 'karahasan', 'bao hanh', 'bao luc', 'bi danh', '家暴', '家庭暴力', '虐待',
  ],
};

/** Words that point to one entry within its category. */
export const RESOURCE_TERMS: Record<string, readonly string[]> = {
  'Emergency Shelter': ['slept on the', 'slept outside', 'sleeping on the', 'on the bus', 'anywhere to go', 'shelter*', 'tonight', 'place to sleep', 'place to stay', 'somewhere to stay', 'somewhere to sleep', 'nowhere to sleep', 'nowhere to go', 'sleep*', 'outside', 'on the street*', 'tent', 'bed', 'homeless*', 'kicked out', 'refugio', 'albergue', 'dormir', 'en la calle', 'no tengo casa', 'sin hogar', 'esta noche', 'matutulugan', 'matulog', 'ngayong gabi', 'walang bahay', 'cho ngu', 'toi nay', 'dem nay', 'vo gia cu', 'noi tam tru', '睡', '瞓', '今晚', '庇護所', '收容所', '無家可歸', '露宿'],
  'Transitional Housing': ['transitional', 'long term', 'longer term', 'program', 'couch surf*', 'motel'],
  'Rental Assistance': ['lose my apartment', 'losing my apartment', 'lose my home', 'losing my home', 'rent', 'behind on rent', 'back rent', 'owe', 'pay rent', 'renta', 'alquiler', 'evict*', 'desalo*'],
  'Supportive Housing': ['supportive', 'permanent', 'disability', 'disabled'],
  'Food Pantries': ['pantry', 'pantries', 'groceries', 'grocery', 'food bank', 'despensa', 'alimentos', 'kids', 'family'],
  'Free Meals': ['hungry', 'hunger', 'starving', 'meal*', 'eat', 'eaten', 'eating', 'hot meal', 'lunch', 'dinner', 'breakfast', 'today', 'tonight', 'hambre', 'comer', 'comida', 'gutom', 'kumain', 'bua an', '食飯', '吃飯', '餓'],
  'CalFresh (Food Stamps)': ['calfresh', 'snap', 'food stamps', 'ebt', 'cupones', 'benefits', 'groceries'],
  'WIC for Families': ['wic', 'baby', 'babies', 'pregnan*', 'infant', 'formula', 'embarazada', 'bebe'],
  'Home-Delivered Meals': ['senior', 'elderly', 'homebound', 'disabled', "can't leave", 'delivered', 'delivery'],
  'Free & Low-Cost Clinics': ['doctor', 'clinic', 'sick', 'ill', 'medicine', 'medication*', 'meds', 'prescription*', 'pain', 'pregnan*', 'medico', 'clinica', 'enferm*', 'medicina'],
  'Mental Health Services': ['someone to talk to', 'talk to someone', 'somebody to talk to', 'talk to somebody', 'need to talk', 'mental health', 'therap*', 'counsel*', 'depress*', 'anxi*', 'panic*', 'stress*', 'lonely', 'alone', 'sad', 'overwhelm*', 'salud mental', 'ansiedad', 'depresion', 'triste'],
  'Substance Use Treatment': ['drugs', 'alcohol*', 'drinking', 'sober', 'rehab', 'detox', 'addict*', 'relapse*', 'using', 'drogas'],
  'Dental Care': ['dental', 'dentist', 'tooth', 'teeth', 'toothache', 'dientes', 'dentista'],
  'Medi-Cal Enrollment Help': ['medi-cal', 'medicaid', 'insurance', 'seguro medico', 'coverage'],
  'Job Training': ['training', 'skills', 'certificat*', 'learn', 'class*'],
  'Job Search Help': ['job', 'jobs', 'need work', 'find work', 'looking for work', 'out of work', 'hired', 'resume', 'interview*', 'unemploy*', 'laid off', 'fired', 'trabajo', 'empleo', 'desemplead*', 'despedid*'],
  'Cash Assistance': ['money', 'cash', 'broke', 'bills', 'income', 'dinero', 'paycheck'],
  'SSI & Disability Benefits Help': ['ssi', 'ssdi', 'disability', 'disabled', 'discapacidad'],
  'Free Tax Preparation': ['tax', 'taxes', 'impuestos'],
  'Eviction Defense': ['lose my apartment', 'losing my apartment', 'days to leave', 'days to move', 'evict*', 'kick me out', 'kicking me out', 'eviction notice', 'unlawful detainer', 'court', 'desalo*'],
  'Tenant Rights Counseling': ['landlord', 'tenant', 'repair*', 'heater', 'heat', 'mold', 'lease', 'deposit', 'rights', 'derechos'],
  'Free Legal Aid': ['lawyer', 'attorney', 'legal', 'court', 'custody', 'warrant', 'abogad*', 'corte'],
  'Immigration Legal Help': ['immigra*', 'papers', 'visa', 'green card', 'undocumented', 'deport*', 'inmigra*', 'papeles'],
  'Record Clearance': ['record', 'expunge*', 'conviction', 'felony', 'background check'],
  'Crisis Counseling': ['crisis', 'panic', 'overwhelm*'],
  'Suicide Prevention': ['suicid*'],
  'Domestic Violence Support': ['abuse*', 'abusive', 'domestic violence', 'hits me', 'beats me', 'unsafe', 'violencia'],
  'Sexual Assault Support': ['assault*', 'rape*', 'violacion'],
};

/** National organizations worth offering for a need, with the words that call for them. */
export const ORGANIZATION_TERMS: ReadonlyArray<{ name: string; categoryId: CategoryId; terms: readonly string[] }> = [
  { name: 'NAMI (National Alliance on Mental Illness)', categoryId: 'health', terms: ['mental illness', 'bipolar', 'schizophreni*', 'depress*', 'anxi*', 'mental health', 'support group*'] },
  { name: 'Feeding America', categoryId: 'food', terms: ['food bank', 'food banks'] },
  { name: 'National Domestic Violence Hotline', categoryId: 'crisis', terms: ['abuse*', 'abusive', 'domestic violence', 'violencia'] },
  { name: 'USA.gov Benefits', categoryId: 'employment', terms: ['benefits', 'government help', 'unemployment', 'beneficios'] },
  { name: 'HealthCare.gov', categoryId: 'health', terms: ['insurance', 'coverage', 'covered california', 'seguro medico'] },
];
