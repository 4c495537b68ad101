import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config.tsx';
import { QuickExitLink } from './quick-exit-link.tsx';

/** The quick exit of the app screens, with the configured address and the current language's words. */
export function QuickExit() {
  const { t } = useTranslation();
  const { quickExitUrl } = usePublicConfig();
  return <QuickExitLink url={quickExitUrl} label={t('quickExit.label')} hint={t('quickExit.hint')} />;
}
