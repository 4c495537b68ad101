import { LinkButtons } from '../components/link-buttons.tsx';
import { Trans, useTranslation } from 'react-i18next';
import privacyStyles from '../styles/privacy.css?url';

const KEPT = ['chat', 'account', 'voice', 'logs'] as const;
const NEVER = ['name', 'sell', 'others'] as const;
const DEVICE = ['signedIn', 'chat', 'language', 'tracking'] as const;
const STEPS = ['signIn', 'download', 'remove'] as const;
const SHARED = ['private', 'exit', 'history'] as const;
const QUICK_EXIT = ['leave', 'forget', 'server', 'logOut', 'back'] as const;

type ListName = 'keep' | 'never' | 'device' | 'shared' | 'quickExit';

/** A headed list of the "privacy" catalog: page.<name>.heading and page.<name>.items.<item>. */
function ListSection({ name, items }: { name: ListName; items: readonly string[] }) {
  const { t } = useTranslation('privacy');
  return (
    <section aria-labelledby={`privacy-${name}`}>
      <h2 id={`privacy-${name}`}>{t(`page.${name}.heading`)}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{t(`page.${name}.items.${item}`)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /privacy: what Ellis keeps, for how long, and how to delete it, in plain words (grade-6 reading
 * level, checked by reading-level.test.ts). Every word comes from the "privacy" catalog.
 */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  return (
    <div className="page narrow-page privacy">
      <link rel="stylesheet" href={privacyStyles} precedence="default" />
      <h1>{t('page.heading')}</h1>
      <p className="privacy-lead">{t('page.lead')}</p>

      <ListSection name="keep" items={KEPT} />

      <ListSection name="never" items={NEVER} />

      <ListSection name="device" items={DEVICE} />

      <section aria-labelledby="privacy-how-long">
        <h2 id="privacy-how-long">{t('page.howLong.heading')}</h2>
        <table className="privacy-table">
          <caption className="visually-hidden">{t('page.howLong.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('page.howLong.whatColumn')}</th>
              <th scope="col">{t('page.howLong.howLongColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {KEPT.map((row) => (
              <tr key={row}>
                <th scope="row">{t(`page.howLong.rows.${row}.what`)}</th>
                <td>{t(`page.howLong.rows.${row}.howLong`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{t('page.delete.heading')}</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{t(`page.delete.steps.${step}`)}</li>
          ))}
        </ol>
        <p>{t('page.delete.steps.noAccount')}</p>
        <LinkButtons
          links={[
            { to: '/dashboard', label: t('page.delete.dashboardLink') },
            { to: '/login', label: t('page.delete.loginLink') },
          ]}
        />
      </section>

      <ListSection name="shared" items={SHARED} />

      <ListSection name="quickExit" items={QUICK_EXIT} />

      <section aria-labelledby="privacy-help" className="privacy-help">
        <h2 id="privacy-help">{t('page.help.heading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="page.help.text"
            components={{
              call911: <a className="emergency-link" href="tel:911" />,
              call988: <a className="emergency-link" href="tel:988" />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
