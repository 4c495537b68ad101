import { useTranslation } from 'react-i18next';

/** The 988 and 911 numbers on every screen, before any login, with or without JavaScript. */
export function CrisisStrip() {
  const { t } = useTranslation();
  return (
    <p className="crisis-strip">
      <span className="crisis-strip-text">{t('crisisStrip.text')}</span>{' '}
      <a href="tel:988">{t('crisisStrip.call988')}</a>
      <span aria-hidden="true"> · </span>
      <a href="tel:911">{t('crisisStrip.call911')}</a>
    </p>
  );
}
