import { useTranslation } from 'react-i18next';
import { LinkButtons } from '../components/link-buttons.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page narrow-page">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.body')}</p>
      <LinkButtons
        links={[
          { to: '/', label: t('notFound.home') },
          { to: '/resources', label: t('notFound.resources') },
          { to: '/chat', label: t('notFound.chat') },
        ]}
      />
    </div>
  );
}
