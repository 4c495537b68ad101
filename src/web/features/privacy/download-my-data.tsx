import { useTranslation } from 'react-i18next';
import { OneButtonAction } from '../../components/one-button-action.tsx';
import { errorMessage } from '../auth/error-text.ts';
import { fetchMyData } from './privacy-api.ts';

/** Saves the person's data as a JSON file. The file is made in the page, so the token never leaves memory. */
export function DownloadMyData() {
  const { t } = useTranslation('privacy');

  const download = async () => {
    const data = await fetchMyData();
    const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = `ellis-my-data-${data.exported_at.slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the browser has started saving the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <OneButtonAction
      headingId="download-data-heading"
      heading={t('dashboard.download.heading')}
      text={t('dashboard.download.text')}
      button={t('dashboard.download.button')}
      busyButton={t('dashboard.download.busy')}
      done={t('dashboard.download.done')}
      errorText={(caught) => errorMessage(caught, t)}
      run={download}
    />
  );
}
