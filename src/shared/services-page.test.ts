import { describe, expect, it } from 'vitest';
import { directionsUrl, servicesFormFromParams, servicesFormUsed, servicesSearchQuery } from './services-page.ts';

describe('services form parameters', () => {
  it('reads place, need, tags and open now, ignoring what it does not know', () => {
    const form = servicesFormFromParams(new URLSearchParams('near=+Oakland+&need=food&tag=youth&tag=bogus&tag=youth&open_now=true&q=food'));
    expect(form).toEqual({ near: 'Oakland', need: 'food', tags: ['youth'], openNow: true });
    expect(servicesSearchQuery(form)).toEqual({ near: 'Oakland', category: 'food', tags: ['youth'], openNow: true, limit: 10 });
  });

  it('is unused without a place or a need', () => {
    expect(servicesFormUsed(servicesFormFromParams(new URLSearchParams('q=food&category=food&need=nonsense')))).toBe(false);
  });

  it('gives directions to the address', () => {
    expect(directionsUrl({ lat: 1, lng: 2, address: { address_1: '1 Main St', city: 'Oakland', postal_code: '94607' } })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Oakland%2C%20CA%2094607',
    );
    expect(directionsUrl({ lat: null, lng: null, address: null })).toBeNull();
  });
});
