import type { AuthService } from '../auth/service.ts';
import type { BookmarkService } from '../bookmarks/service.ts';
import type { AccountExport } from '../../../shared/accounts-api.ts';
import type { ChatService } from '../chat/service.ts';
import type { ProfileService } from '../profiles/service.ts';

export interface AccountServiceDependencies {
  auth: AuthService;
  profiles: ProfileService;
  bookmarks: BookmarkService;
  /** Only the saved conversations are read from chat: the account module owns no tables. */
  chat: Pick<ChatService, 'exportConversations'>;
  now: () => number;
}

/** The person's own account: deleting it, and handing them a copy of their data. */
export class AccountService {
  readonly #deps: AccountServiceDependencies;

  constructor(deps: AccountServiceDependencies) {
    this.#deps = deps;
  }

  /** "Delete my account" (also the dashboard's "Delete my data", decision 036): the password again, then everything. */
  async deleteAccount(userId: string, sessionId: string, password: string | undefined): Promise<void> {
    await this.#deps.auth.confirmPassword(userId, sessionId, password);
    await this.#deps.auth.deleteUser(userId);
  }

  /** Password hashes, TOTP secrets, sessions and tokens are not data about the person: they stay out. */
  async exportData(userId: string): Promise<AccountExport> {
    const [user, profile, bookmarks, conversations] = await Promise.all([
      this.#deps.auth.getUser(userId),
      this.#deps.profiles.getProfile(userId),
      this.#deps.bookmarks.list(userId),
      this.#deps.chat.exportConversations(userId),
    ]);
    return {
      format: 'ellis-account-export',
      version: 1,
      exported_at: new Date(this.#deps.now()).toISOString(),
      account: {
        id: profile.id,
        username: profile.username,
        created_at: profile.created_at,
        two_step_verification: user.factors.map((factor) => ({
          id: factor.id,
          friendly_name: factor.friendly_name ?? null,
          status: factor.status,
          created_at: factor.created_at,
        })),
      },
      bookmarks,
      conversations,
    };
  }
}
