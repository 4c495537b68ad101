/**
 * Finds a Bay Area place in what someone wrote: "lat,lng", a ZIP code, a county ("Alameda County"),
 * a city or a neighborhood. Built from gazetteer-data.ts at load; no network.
 */
import { BAY_AREA_COUNTIES, type BayAreaCounty, type Place } from '../../../shared/services-api.ts';
import { CITIES, COUNTY_CENTRES, NEIGHBORHOODS, ZIP_CODES, type PlaceRow } from './gazetteer-data.ts';
import { distanceMetres } from './geo.ts';

/** Longest place phrase in words ("Point Reyes Station", "bayview hunters point"). */
const MAX_PHRASE_WORDS = 5;
/** Coordinates farther than this from every known place get no county. */
const COUNTY_RADIUS_M = 25_000;

/** Lower case, accents off, punctuation to spaces: "St. Helena" and "st helena" read the same. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const phrases = new Map<string, Place>();
const byName = new Map<string, Place>();

function place(row: PlaceRow, kind: Place['kind']): Place {
  return { name: row[0], county: row[1], lat: row[2], lng: row[3], kind };
}

function addPhrase(phrase: string, value: Place): void {
  const key = normalisePlaceText(phrase);
  // The first writer keeps a phrase: cities are added before neighborhoods, counties last.
  if (key && !phrases.has(key)) phrases.set(key, value);
}

for (const row of CITIES) {
  const city = place(row, 'city');
  byName.set(row[0], city);
  addPhrase(row[0], city);
  for (const alias of row.slice(4) as string[]) addPhrase(alias, city);
}
for (const [cityName, rows] of Object.entries(NEIGHBORHOODS)) {
  for (const row of rows) {
    const neighborhood = place(row, 'neighborhood');
    byName.set(row[0], neighborhood);
    addPhrase(row[0], neighborhood);
    addPhrase(`${row[0]} ${cityName}`, neighborhood);
    for (const alias of row.slice(4) as string[]) addPhrase(alias, neighborhood);
  }
}
for (const county of BAY_AREA_COUNTIES) {
  const [lat, lng] = COUNTY_CENTRES[county];
  const value: Place = { name: `${county} County`, county, lat, lng, kind: 'county' };
  addPhrase(`${county} County`, value);
  addPhrase(`county of ${county}`, value);
}

const zips = new Map<string, Place>();
for (const [zip, name] of ZIP_CODES) {
  const target = byName.get(name);
  if (!target) throw new Error(`gazetteer: ZIP ${zip} names unknown place ${name}`);
  zips.set(zip, { name: zip, county: target.county, lat: target.lat, lng: target.lng, kind: 'zip' });
}

/**
 * One-word names that are also everyday words or surnames ("my name is Sam Campbell", "a mission",
 * "Alamo"): they count as a place only after a word that introduces one ("in Campbell", "16th and
 * Mission", "near the Castro").
 */
const AMBIGUOUS_WORDS = new Set([
  'alamo', 'albany', 'ashland', 'atherton', 'belmont', 'belvedere', 'berkeley', 'burbank', 'campbell', 'castro', 'clayton',
  'concord', 'crockett', 'dixon', 'dublin', 'evergreen', 'fairfax', 'fairfield', 'fillmore', 'haight', 'hercules',
  'kensington', 'kenwood', 'marina', 'martinez', 'mayfair', 'mission', 'newark', 'portola', 'presidio', 'richmond',
  'rodeo', 'ross', 'stanford', 'windsor', 'woodside', 'napa', 'sonoma', 'hayward', 'livermore', 'piedmont', 'elmhurst',
  'longfellow', 'montclair', 'glenview', 'dimond', 'edenvale', 'cambrian', 'brookfield', 'sf', 'sj',
]);
const PLACE_CUES = new Set(['in', 'near', 'at', 'around', 'from', 'by', 'to', 'the', 'and', 'on', 'of', 'off', 'into', 'outside', 'inside', 'downtown', 'east', 'west', 'north', 'south']);

const LEADING_NAME = /^\s*([a-z]+)\s*[.,!;:]/i;
const COORDINATES = /(^|[^\d.-])(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)(?![\d.])/;
const ZIP = /(?:^|\D)(9[45]\d{3})(?:-\d{4})?(?!\d)/g;

/** The county of the nearest known place, when one is close enough. */
export function countyNear(lat: number, lng: number): BayAreaCounty | null {
  let best: { county: BayAreaCounty; distance: number } | null = null;
  for (const row of CITIES) {
    const distance = distanceMetres(lat, lng, row[2], row[3]);
    if (!best || distance < best.distance) best = { county: row[1], distance };
  }
  return best && best.distance <= COUNTY_RADIUS_M ? best.county : null;
}

/** The county a city or neighborhood name belongs to (service addresses), or null. */
export function countyOfPlaceName(name: string): BayAreaCounty | null {
  const found = phrases.get(normalisePlaceText(name));
  return found && found.kind !== 'county' ? found.county : null;
}

/** A place named by ZIP code, or null. */
export function placeOfZip(zip: string): Place | null {
  return zips.get(zip.slice(0, 5)) ?? null;
}

export function findPlace(text: string): Place | null {
  const coordinates = COORDINATES.exec(text);
  if (coordinates) {
    const lat = Number(coordinates[2]);
    const lng = Number(coordinates[3]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && coordinates[2]!.includes('.') && coordinates[3]!.includes('.')) {
      return { name: `${lat},${lng}`, county: countyNear(lat, lng), lat, lng, kind: 'coordinates' };
    }
  }
  for (const match of text.matchAll(ZIP)) {
    const zip = zips.get(match[1]!);
    if (zip) return zip;
  }
  const words = normalisePlaceText(text).split(' ');
  // A name said on its own before the rest ("Fairfield. I need a bed") is an answer about place.
  const saidAlone = LEADING_NAME.exec(text)?.[1]?.toLowerCase() ?? null;
  let best: { place: Place; length: number } | null = null;
  for (let start = 0; start < words.length; start++) {
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - start); length >= 1; length--) {
      if (best && length <= best.length) break;
      const phrase = words.slice(start, start + length).join(' ');
      const found = phrases.get(phrase);
      const cued = length > 1 || !AMBIGUOUS_WORDS.has(phrase) || words.length === 1 || (start === 0 && phrase === saidAlone) || PLACE_CUES.has(words[start - 1] ?? '');
      if (found && cued) {
        best = { place: found, length };
        break;
      }
    }
  }
  return best ? best.place : null;
}
