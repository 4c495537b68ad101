import { api } from '../../lib/api-client.ts';
import { AUTH_BASE, type AuthUser } from '../auth/session.ts';

export interface TotpEnrollment {
  id: string;
  totp: {
    /** An SVG image as a data: URL. */
    qr_code: string;
    secret: string;
    uri: string;
  };
}

export function enrollTotp(): Promise<TotpEnrollment> {
  return api.post<TotpEnrollment>(`${AUTH_BASE}/factors`, { factor_type: 'totp' });
}

export function unenrollFactor(factorId: string): Promise<unknown> {
  return api.delete(`${AUTH_BASE}/factors/${encodeURIComponent(factorId)}`);
}

export function changePassword(currentPassword: string, newPassword: string): Promise<AuthUser> {
  return api.put<AuthUser>(`${AUTH_BASE}/user`, { password: newPassword, current_password: currentPassword });
}

export function deleteAccount(password: string): Promise<void> {
  return api.delete('/api/account', { password });
}
