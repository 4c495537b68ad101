import { describe, expect, it } from 'vitest';
import { BAY_AREA_COUNTIES } from '../../../shared/services-api.ts';
import { CITIES, NEIGHBORHOODS, ZIP_CODES } from './gazetteer-data.ts';
import { countyNear, findPlace } from './gazetteer.ts';

// The nine counties' bounding box, generously: no place may fall outside it.
const BOX = { south: 36.85, north: 38.9, west: -123.6, east: -121.2 };

describe('Bay Area gazetteer', () => {
  it.each([
    ['I got evicted and have nowhere to sleep tonight in Oakland', 'Oakland', 'Alameda', 'city'],
    ['where can I get groceries right now in the Tenderloin', 'Tenderloin', 'San Francisco', 'neighborhood'],
    ['pantry open in the Richmond on Thanksgiving afternoon', 'Richmond District', 'San Francisco', 'neighborhood'],
    ['I live in Richmond', 'Richmond', 'Contra Costa', 'city'],
    ['south san francisco', 'South San Francisco', 'San Mateo', 'city'],
    ['homeless shelter help in East Palo Alto', 'East Palo Alto', 'San Mateo', 'city'],
    ['near Palo Alto', 'Palo Alto', 'Santa Clara', 'city'],
    ['food near West Oakland BART', 'West Oakland', 'Alameda', 'neighborhood'],
    ['anything in Alameda County?', 'Alameda County', 'Alameda', 'county'],
    ['I am in Alameda', 'Alameda', 'Alameda', 'city'],
    ['Castro Valley', 'Castro Valley', 'Alameda', 'city'],
    ['the Castro', 'Castro', 'San Francisco', 'neighborhood'],
    ['St. Helena', 'St. Helena', 'Napa', 'city'],
    ['San José', 'San Jose', 'Santa Clara', 'city'],
    ['my zip is 94110', '94110', 'San Francisco', 'zip'],
    ['95112-1234', '95112', 'Santa Clara', 'zip'],
    ['Sonoma County', 'Sonoma County', 'Sonoma', 'county'],
  ])('%s → %s', (text, name, county, kind) => {
    expect(findPlace(text)).toMatchObject({ name, county, kind });
  });

  it('reads "lat,lng" and gives the county of the nearest place', () => {
    expect(findPlace('37.8049,-122.2951')).toEqual({ name: '37.8049,-122.2951', county: 'Alameda', lat: 37.8049, lng: -122.2951, kind: 'coordinates' });
    expect(findPlace('40.7128, -74.0060')).toMatchObject({ county: null, kind: 'coordinates' });
  });

  it('finds nothing where no place is named', () => {
    expect(findPlace('I need food')).toBeNull();
    expect(findPlace('I have 2,5 kids')).toBeNull();
    expect(findPlace('call 10001')).toBeNull();
  });

  it('every place lies inside the Bay Area and in a known county', () => {
    const rows = [...CITIES, ...Object.values(NEIGHBORHOODS).flat()];
    for (const [name, county, lat, lng] of rows) {
      expect(BAY_AREA_COUNTIES, name).toContain(county);
      expect(lat > BOX.south && lat < BOX.north && lng > BOX.west && lng < BOX.east, name).toBe(true);
    }
  });

  it('has cities in all nine counties, and each ZIP once, in the 94xxx/95xxx ranges', () => {
    for (const county of BAY_AREA_COUNTIES) expect(CITIES.some((row) => row[1] === county), county).toBe(true);
    const zips = ZIP_CODES.map(([zip]) => zip);
    expect(new Set(zips).size).toBe(zips.length);
    for (const zip of zips) expect(zip).toMatch(/^9[45]\d{3}$/);
    for (const [zip] of ZIP_CODES) expect(findPlace(zip)?.kind, zip).toBe('zip');
  });

  it('puts each city centre in its own county by the nearest-place rule', () => {
    expect(countyNear(37.3382, -121.8863)).toBe('Santa Clara');
    expect(countyNear(38.1041, -122.2566)).toBe('Solano');
  });
});
