import { describe, expect, it } from 'vitest';
import { SERVICE_LABELS_EN, type ServiceLabelKey } from '../../../shared/service-labels.ts';
import resources from '../../i18n/en/resources.json' with { type: 'json' };

describe('service labels in the web catalog', () => {
  it('has every shared label with the same English text', () => {
    for (const [key, text] of Object.entries(SERVICE_LABELS_EN) as Array<[ServiceLabelKey, string]>) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
      expect(value, key).toBe(text);
    }
  });
});
