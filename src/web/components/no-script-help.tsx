import { useTranslation } from 'react-i18next';
import { CallLink } from './call-link.tsx';

/**
 * For screens that cannot work without JavaScript (chat, voice): says so plainly and offers what
 * works without it, a call, a text to 988 and the resource directory. Shown only when scripts are off.
 */
export function NoScriptHelp({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <div className="no-script-help">
        <p>{message}</p>
        <ul className="button-row">
          <li>
            <CallLink className="button button-call" />
          </li>
          <li>
            <a className="button button-secondary" href="sms:988">
              {t('noScript.text988')}
            </a>
          </li>
          <li>
            <a className="button button-secondary" href="/resources">
              {t('noScript.resources')}
            </a>
          </li>
        </ul>
      </div>
    </noscript>
  );
}
