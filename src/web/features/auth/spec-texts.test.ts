// SPEC texts are asserted exactly (DESIGN §10): the catalogs must hold them word for word.
import { describe, expect, it } from 'vitest';
import { formMessages, passwordChecklist, passwordMessages, usernameChecklist, usernameMessages } from '../../../shared/validation/account-rules.ts';
import { INVALID_URL_MESSAGE } from '../../../shared/validation/bookmark-rules.ts';
import auth from '../../i18n/en/auth.json' with { type: 'json' };
import dashboard from '../../i18n/en/dashboard.json' with { type: 'json' };

describe('login catalog', () => {
  it('has the spec headings, checklist labels and messages', () => {
    expect(auth.heading).toEqual({ signIn: 'Sign in to your account', signUp: 'Create a new account' });
    expect(auth.rules.usernameLength).toBe('3-20 characters long');
    expect(auth.rules.usernameCharacters).toBe('Only letters, numbers, and underscores');
    expect(auth.rules.passwordLength).toMatch(/^At least 10 characters/);
    expect(auth.messages).toEqual(formMessages);
    expect(auth.ruleMessages).toEqual({ username: usernameMessages, password: passwordMessages });
    expect(auth.errors).toMatchObject({
      invalidCredentials: 'Invalid username or password',
      loginFailed: 'Login failed',
      generic: 'An error occurred',
      createFailed: 'Failed to create user',
      availabilityFailed: 'Failed to check username availability',
    });
    expect(auth.guest.heading).toBe('Or continue without an account');
  });

  it('has one checklist line per shared rule', () => {
    expect(Object.keys(usernameChecklist(''))).toEqual(['length', 'characters']);
    expect(Object.keys(passwordChecklist(''))).toEqual(['length', 'uppercase', 'lowercase', 'number']);
  });
});

describe('dashboard catalog', () => {
  it('has the spec texts', () => {
    expect(dashboard.fallbackUser).toBe('User');
    expect(dashboard.errorScreen).toEqual({
      authTitle: 'Authentication Error',
      timeoutTitle: 'Loading Timeout',
      timeoutText: 'The application took too long to load. Please try refreshing the page.',
      refresh: 'Refresh Page',
      goToLogin: 'Go to Login',
    });
    expect(dashboard.bookmarks).toMatchObject({
      add: 'Add Bookmark',
      addFirst: 'Add Your First Bookmark',
      empty: 'No bookmarks saved yet.',
      noMatch: 'No bookmarks match your search.',
    });
    expect(dashboard.form.invalidUrl).toBe(INVALID_URL_MESSAGE);
    expect(dashboard.errors).toMatchObject({
      load: 'Failed to load bookmarks: {{message}}',
      add: 'Failed to add bookmark: {{message}}',
      update: 'Failed to update bookmark',
      remove: 'Failed to remove bookmark',
      save: 'Failed to save bookmark',
      signedOut: 'You must be logged in to save bookmarks',
      timeout: 'Bookmarks loading timeout',
    });
  });

  it('auth state errors are the spec texts', () => {
    expect(auth.errors.initTimeout).toBe('Authentication initialization timeout');
    expect(auth.errors.sessionError).toBe('Session error: {{message}}');
    expect(auth.errors.initFailed).toBe('Auth initialization failed: {{message}}');
  });
});
