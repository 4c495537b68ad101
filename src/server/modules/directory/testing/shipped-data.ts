/** "2-1-1 in San Francisco" of the shipped set (default-data/bay-area.hsds.json), which every test app loads. */
export const SHIPPED_SF_211_ID = 'ede5f01e-5ef5-51a2-b141-85c5d323ff81';
