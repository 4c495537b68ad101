import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../auth/error-text.ts';
import { fetchMyData } from './privacy-api.ts';

/** Saves the person's data as a JSON file. The file is made in the page, so the token never leaves memory. */
export function DownloadMyData() {
  const { t } = useTranslation('privacy');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const download = async () => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
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
      setStatus(t('dashboard.download.done'));
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="security-item" aria-labelledby="download-data-heading">
      <h3 id="download-data-heading">{t('dashboard.download.heading')}</h3>
      <p>{t('dashboard.download.text')}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="form-status" role="status">
        {status}
      </p>
      <button type="button" className="button button-secondary" onClick={() => void download()} disabled={busy}>
        {busy ? t('dashboard.download.busy') : t('dashboard.download.button')}
      </button>
    </section>
  );
}
