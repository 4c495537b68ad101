import { api } from '../../lib/api-client.ts';

/** GET /api/account/export: everything Ellis keeps about the signed-in person. */
export function fetchMyData(): Promise<{ exported_at: string }> {
  return api.get<{ exported_at: string }>('/api/account/export');
}
