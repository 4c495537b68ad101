/**
 * The directory's category names in every language Ellis speaks. The ids and English
 * names are the spec's (resource-directory.ts); these are what a reader sees. The web catalogs hold
 * the same names under `categoryNameKey(id)` in the `resources` namespace, so a page can use either.
 */
import type { CategoryId } from './resource-directory.ts';
import type { SiteLocale } from './site-locales.ts';

export const CATEGORY_NAMES: Readonly<Record<SiteLocale, Readonly<Record<CategoryId, string>>>> = {
  en: {
    housing: 'Housing & Shelter',
    food: 'Food & Nutrition',
    health: 'Healthcare',
    employment: 'Employment & Income',
    legal: 'Legal Services',
    crisis: 'Crisis Support',
  },
  es: {
    housing: 'Vivienda y albergue',
    food: 'Comida y nutrición',
    health: 'Salud',
    employment: 'Empleo e ingresos',
    legal: 'Servicios legales',
    crisis: 'Apoyo en crisis',
  },
  'zh-Hant': {
    housing: '住屋及庇護所',
    food: '食物及營養',
    health: '醫療保健',
    employment: '就業及收入',
    legal: '法律服務',
    crisis: '危機支援',
  },
  tl: {
    housing: 'Pabahay at Shelter',
    food: 'Pagkain at Nutrisyon',
    health: 'Kalusugan',
    employment: 'Trabaho at Kita',
    legal: 'Tulong Legal',
    crisis: 'Suporta sa Krisis',
  },
  vi: {
    housing: 'Nhà ở và nơi tạm trú',
    food: 'Thực phẩm và dinh dưỡng',
    health: 'Chăm sóc sức khỏe',
    employment: 'Việc làm và thu nhập',
    legal: 'Dịch vụ pháp lý',
    crisis: 'Hỗ trợ khủng hoảng',
  },
};

export function categoryName(id: CategoryId, locale: SiteLocale): string {
  return CATEGORY_NAMES[locale][id];
}

/** The key of the same name in the web's `resources` catalogs. */
export function categoryNameKey(id: CategoryId): `categories.names.${CategoryId}` {
  return `categories.names.${id}`;
}
