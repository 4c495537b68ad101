/**
 * Username and password rules of SPEC §5, shared by the browser (live checklists) and the server
 * (which enforces them again). Messages are the exact English texts of the spec; the web app shows
 * them through i18n keys of the same names.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 10;

export type UsernameRule = 'length' | 'characters';
export type PasswordRule = 'length' | 'uppercase' | 'lowercase' | 'number';

export const usernameMessages = {
  tooShort: 'Username must be at least 3 characters long',
  tooLong: 'Username must be no more than 20 characters long',
  characters: 'Username can only contain letters, numbers, and underscores',
} as const;

export const passwordMessages = {
  length: 'Password must be at least 10 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
} as const;

export const formMessages = {
  fixUsername: 'Please fix username requirements',
  fixPassword: 'Please fix password requirements',
  usernameTaken: 'Username is already taken',
} as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9_]+$/;

/** Messages for every username rule that fails, in the spec's order; empty when valid. */
export function usernameErrors(username: string): string[] {
  const errors: string[] = [];
  if (username.length < USERNAME_MIN_LENGTH) errors.push(usernameMessages.tooShort);
  if (username.length > USERNAME_MAX_LENGTH) errors.push(usernameMessages.tooLong);
  if (username.length > 0 && !USERNAME_CHARACTERS.test(username)) errors.push(usernameMessages.characters);
  return errors;
}

/** Checklist state for the sign-up form ("3-20 characters long", "Only letters, numbers, and underscores"). */
export function usernameChecklist(username: string): Record<UsernameRule, boolean> {
  return {
    length: username.length >= USERNAME_MIN_LENGTH && username.length <= USERNAME_MAX_LENGTH,
    characters: USERNAME_CHARACTERS.test(username),
  };
}

export function passwordChecklist(password: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    number: /[0-9]/.test(password),
  };
}

/** Messages for every password rule that fails (sign-up and password change only; sign-in checks none). */
export function passwordErrors(password: string): string[] {
  const checklist = passwordChecklist(password);
  return (Object.keys(checklist) as PasswordRule[])
    .filter((rule) => !checklist[rule])
    .map((rule) => passwordMessages[rule]);
}

/** The synthetic email the auth service stores for a username (SPEC §3: username plus a local suffix). */
export const SYNTHETIC_EMAIL_DOMAIN = 'users.ellis.invalid';

export function syntheticEmail(username: string): string {
  return `${username.toLowerCase()}@${SYNTHETIC_EMAIL_DOMAIN}`;
}

export function usernameFromSyntheticEmail(email: string): string | null {
  const suffix = `@${SYNTHETIC_EMAIL_DOMAIN}`;
  return email.toLowerCase().endsWith(suffix) ? email.slice(0, -suffix.length) : null;
}
