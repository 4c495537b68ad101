import type { BayAreaCounty, Place } from '../../../shared/services-api.ts';

interface GazetteerEntry {
  name: string;
  county: BayAreaCounty;
  lat: number;
  lng: number;
}

// First version: a handful of places; the full gazetteer follows.
const CITIES: GazetteerEntry[] = [
  { name: 'San Francisco', county: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'Oakland', county: 'Alameda', lat: 37.8044, lng: -122.2712 },
  { name: 'San Jose', county: 'Santa Clara', lat: 37.3382, lng: -121.8863 },
];

function normalise(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9.,\- ]+/g, ' ').replace(/\s+/g, ' ')} `;
}

export function findPlace(text: string): Place | null {
  const coordinates = /(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)/.exec(text);
  if (coordinates) {
    const lat = Number(coordinates[1]);
    const lng = Number(coordinates[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { name: `${lat},${lng}`, county: null, lat, lng, kind: 'coordinates' };
  }
  const normalised = normalise(text);
  for (const city of CITIES) {
    if (normalised.includes(` ${city.name.toLowerCase()} `)) {
      return { name: city.name, county: city.county, lat: city.lat, lng: city.lng, kind: 'city' };
    }
  }
  return null;
}
