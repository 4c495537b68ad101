import type { Database } from '../../db/database.ts';
import type { EncryptionKey } from '../auth/keys.ts';
import { MfaRepository } from './repository.ts';
import { MfaService, type MfaServiceDependencies } from './service.ts';
import { SecretBox } from './secret-box.ts';

/**
 * The second factor has no routes of its own (GoTrue's /factors live under /auth/v1), so auth's
 * setup builds it with this, between the sessions it upgrades and the sign-in that asks for it.
 */
export function createMfaService(
  database: Database,
  deps: Omit<MfaServiceDependencies, 'repository' | 'secretBox'> & { encryptionKeys: EncryptionKey[] },
): MfaService {
  const { encryptionKeys, ...rest } = deps;
  return new MfaService({ ...rest, repository: new MfaRepository(database.db), secretBox: new SecretBox(encryptionKeys) });
}
