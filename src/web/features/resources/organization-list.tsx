import { telHref } from '../../../shared/crisis-lines.ts';
import type { NationalOrganization } from '../../../shared/resource-directory.ts';
import { NewTabLink } from '../../components/new-tab-link.tsx';
import { PhoneIcon } from '../../components/phone-icon.tsx';
import { fill, type DirectoryText } from './directory-text.ts';

/** The national organizations (SPEC §2): name, description, website and, when published, a number. */
export function OrganizationList({ organizations, text }: { organizations: readonly NationalOrganization[]; text: DirectoryText }) {
  const words = text.organizations;
  return (
    <section className="resources-orgs" aria-labelledby="national-organizations-heading">
      <h2 id="national-organizations-heading">{words.heading}</h2>
      <p className="resources-orgs-intro">{words.intro}</p>
      {organizations.length > 0 ? (
        <ul className="resources-org-list">
          {organizations.map((organization) => (
            <li key={organization.url} className="resources-org">
              <h3>{organization.name}</h3>
              <p className="resources-org-description">{organization.description}</p>
              <p className="resources-org-actions">
                <NewTabLink className="button button-secondary resources-org-button" href={organization.url} note={text.opensInNewTab}>
                  {words.visit}
                  <span className="visually-hidden"> {fill(words.visitFor, { name: organization.name })}</span>
                </NewTabLink>
                {organization.phone ? (
                  <a className="button button-call resources-org-button" href={telHref(organization.phone)}>
                    <PhoneIcon />
                    <span>{fill(words.call, { phone: organization.phone })}</span>
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="resources-orgs-empty">{words.noMatches}</p>
      )}
    </section>
  );
}
