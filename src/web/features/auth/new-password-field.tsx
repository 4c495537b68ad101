import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field.tsx';
import { RuleList } from './rule-list.tsx';
import { passwordRules } from './rules.ts';

/** A new password (reset or change) with the sign-up rules' live checklist under it, which the input points at. */
export function NewPasswordField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  const rulesId = `${id}-rules`;
  return (
    <>
      <PasswordField id={id} label={label} value={value} onChange={onChange} autoComplete="new-password" describedBy={rulesId} />
      <RuleList id={rulesId} heading={t('rules.passwordHeading')} rules={passwordRules(value, t)} />
    </>
  );
}
