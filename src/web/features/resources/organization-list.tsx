import { useTranslation } from 'react-i18next';
import { telHref } from '../../../shared/crisis-lines.ts';
import type { NationalOrganization } from '../../../shared/resource-directory.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { PhoneIcon } from '../../components/call-link.tsx';

/** The national organizations (SPEC §2): name, description, website and, when published, a number. */
export function OrganizationList({ organizations }: { organizations: readonly NationalOrganization[] }) {
  const { t } = useTranslation('resources');
  return (
    <section className="resources-orgs" aria-labelledby="national-organizations-heading">
      <h2 id="national-organizations-heading">{t('organizations.heading')}</h2>
      <p className="resources-orgs-intro">{t('organizations.intro')}</p>
      {organizations.length > 0 ? (
        <ul className="resources-org-list">
          {organizations.map((organization) => (
            <li key={organization.url} className="resources-org">
              <h3>{organization.name}</h3>
              <p className="resources-org-description">{organization.description}</p>
              <p className="resources-org-actions">
                <ExternalLink className="button button-secondary resources-org-button" href={organization.url}>
                  {t('organizations.visit')}
                  <span className="visually-hidden"> {t('organizations.visitFor', { name: organization.name })}</span>
                </ExternalLink>
                {organization.phone ? (
                  <a className="button button-call resources-org-button" href={telHref(organization.phone)}>
                    <PhoneIcon />
                    <span>{t('organizations.call', { phone: organization.phone })}</span>
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="resources-orgs-empty">{t('organizations.noMatches')}</p>
      )}
    </section>
  );
}
