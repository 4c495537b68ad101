import { api } from '../../lib/api-client.ts';
import { AUTH_BASE, type AuthUser } from '../auth/session.ts';
import type { EnrollResult } from '../../../shared/accounts-api.ts';

/** The web client's answer carries the QR code as an SVG data: URL, ready for <img>. */
export function enrollTotp(): Promise<EnrollResult> {
  return api.post<EnrollResult>(`${AUTH_BASE}/factors`, { factor_type: 'totp' });
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
