import { Trans, useTranslation } from 'react-i18next';

/**
 * A sentence from the content catalog with its 911 and 988 numbers turned into phone links. The
 * catalog marks them as <call911>…</call911> and <call988>…</call988>.
 */
export function EmergencyText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation('content');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        call911: <a className="emergency-link" href="tel:911" />,
        call988: <a className="emergency-link" href="tel:988" />,
      }}
    />
  );
}
