import type { AuthService } from '../auth/service.ts';
import type { BookmarkService } from '../bookmarks/service.ts';
import type { BookmarkRow } from '../bookmarks/repository.ts';
import type { ProfileService } from '../profiles/service.ts';
import type { AccountRepository, ExportedConversation } from './repository.ts';

/** "Download my data": everything Ellis keeps about a signed-in person, and nothing secret. */
export interface AccountExport {
  format: 'ellis-account-export';
  version: 1;
  exported_at: string;
  account: {
    id: string;
    username: string;
    created_at: string;
    two_step_verification: Array<{ id: string; friendly_name: string | null; status: string; created_at: string }>;
  };
  bookmarks: BookmarkRow[];
  conversations: ExportedConversation[];
}

export interface AccountServiceDependencies {
  auth: AuthService;
  profiles: ProfileService;
  bookmarks: BookmarkService;
  repository: AccountRepository;
  now: () => number;
}

/** The person's own account: deleting it, and handing them a copy of their data. */
export class AccountService {
  readonly #auth: AuthService;
  readonly #profiles: ProfileService;
  readonly #bookmarks: BookmarkService;
  readonly #repository: AccountRepository;
  readonly #now: () => number;

  constructor(deps: AccountServiceDependencies) {
    this.#auth = deps.auth;
    this.#profiles = deps.profiles;
    this.#bookmarks = deps.bookmarks;
    this.#repository = deps.repository;
    this.#now = deps.now;
  }

  /** "Delete my account" (also the dashboard's "Delete my data", decision 036): the password again, then everything. */
  async deleteAccount(userId: string, sessionId: string, body: unknown): Promise<void> {
    const password = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).password : undefined;
    await this.#auth.confirmPassword(userId, sessionId, password);
    await this.#auth.deleteUser(userId);
  }

  /** Password hashes, TOTP secrets, sessions and tokens are not data about the person: they stay out. */
  async exportData(userId: string): Promise<AccountExport> {
    const [user, profile, bookmarks, conversations] = await Promise.all([
      this.#auth.getUser(userId),
      this.#profiles.getProfile(userId),
      this.#bookmarks.list(userId),
      this.#repository.conversationsOf(userId),
    ]);
    return {
      format: 'ellis-account-export',
      version: 1,
      exported_at: new Date(this.#now()).toISOString(),
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
