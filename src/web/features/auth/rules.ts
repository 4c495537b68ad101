import {
  passwordChecklist,
  passwordErrors,
  passwordMessages,
  usernameChecklist,
  usernameErrors,
  usernameMessages,
} from '../../../shared/validation/account-rules.ts';
import type { Rule } from './rule-list.tsx';

type Translate = (key: string) => string;

/** Checklist lines for a username (SPEC §5: "3-20 characters long", "Only letters, numbers, and underscores"). */
export function usernameRules(username: string, t: Translate): Rule[] {
  const checklist = usernameChecklist(username);
  return [
    { key: 'length', label: t('rules.usernameLength'), met: checklist.length },
    { key: 'characters', label: t('rules.usernameCharacters'), met: checklist.characters },
  ];
}

/** The catalog keys of the rules a value breaks, in the spec's order: the shared rules say which. */
function brokenRuleKeys<Key extends string>(messages: Record<Key, string>, broken: string[], prefix: string): string[] {
  return (Object.keys(messages) as Key[]).filter((key) => broken.includes(messages[key])).map((key) => `${prefix}.${key}`);
}

/** SPEC §5's message for each username rule that fails ("Username must be at least 3 characters long", …). */
export function usernameProblems(username: string, t: Translate): string[] {
  return brokenRuleKeys(usernameMessages, usernameErrors(username), 'ruleMessages.username').map((key) => t(key));
}

/** SPEC §5's message for each password rule that fails ("Password must contain at least one number", …). */
export function passwordProblems(password: string, t: Translate): string[] {
  return brokenRuleKeys(passwordMessages, passwordErrors(password), 'ruleMessages.password').map((key) => t(key));
}

/** Checklist lines for a new password, beginning "At least 10 characters" (SPEC §5). */
export function passwordRules(password: string, t: Translate): Rule[] {
  const checklist = passwordChecklist(password);
  return [
    { key: 'length', label: t('rules.passwordLength'), met: checklist.length },
    { key: 'uppercase', label: t('rules.passwordUppercase'), met: checklist.uppercase },
    { key: 'lowercase', label: t('rules.passwordLowercase'), met: checklist.lowercase },
    { key: 'number', label: t('rules.passwordNumber'), met: checklist.number },
  ];
}
