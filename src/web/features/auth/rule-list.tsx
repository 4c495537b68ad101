import { useTranslation } from 'react-i18next';

export interface Rule {
  key: string;
  label: string;
  met: boolean;
}

/**
 * A live requirement checklist (sign-up only). Each line says in words whether it is met, so the
 * state does not depend on colour or the tick alone. The field points at it with aria-describedby.
 */
export function RuleList({ id, heading, rules }: { id: string; heading: string; rules: Rule[] }) {
  const { t } = useTranslation('auth');
  return (
    <div className="rule-list" id={id}>
      <p className="rule-list-heading">{heading}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule.key} className={rule.met ? 'rule rule-met' : 'rule'} data-met={rule.met ? 'true' : 'false'}>
            <span className="rule-mark" aria-hidden="true">
              {rule.met ? '✓' : '○'}
            </span>
            <span className="rule-label">{rule.label}</span>
            <span className="visually-hidden"> {rule.met ? t('rules.met') : t('rules.unmet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
