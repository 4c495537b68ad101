import type { AuthService } from '../auth/service.ts';

/** "Delete my account": the password again, then the user and everything that hangs off them. */
export class AccountService {
  readonly #auth: AuthService;

  constructor(deps: { auth: AuthService }) {
    this.#auth = deps.auth;
  }

  async deleteAccount(userId: string, body: unknown): Promise<void> {
    const password = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).password : undefined;
    await this.#auth.confirmPassword(userId, password);
    await this.#auth.deleteUser(userId);
  }
}
