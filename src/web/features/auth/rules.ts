import { passwordChecklist, usernameChecklist } from '../../../shared/validation/account-rules.ts';
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
