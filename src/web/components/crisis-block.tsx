import { useTranslation } from 'react-i18next';
import { crisisLines, smsHref, telHref, type CrisisLine } from '../../shared/crisis-lines.ts';
import { LineIcon } from '../lib/line-icon.tsx';
import { PhoneIcon } from './phone-icon.tsx';

function TextIcon() {
  return <LineIcon d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />;
}

function LineActions({ line }: { line: CrisisLine }) {
  const { t } = useTranslation('resources');
  return (
    <p className="crisis-block-actions">
      {line.phone ? (
        <a className="button crisis-block-call" href={telHref(line.phone)}>
          <PhoneIcon />
          <span>{t('crisis.call', { number: line.phone })}</span>
        </a>
      ) : null}
      {line.sms ? (
        <a className="button crisis-block-text" href={smsHref(line.sms, line.smsBody)}>
          <TextIcon />
          <span>
            {line.smsBody
              ? t('crisis.textKeyword', { keyword: line.smsBody, number: line.sms })
              : t('crisis.text', { number: line.sms })}
          </span>
        </a>
      ) : null}
    </p>
  );
}

/**
 * Crisis lines with tap-to-call and tap-to-text links (DESIGN §1.1). Plain links, so they work
 * before and without JavaScript. Names and numbers come from src/shared/crisis-lines.ts.
 */
export function CrisisBlock() {
  const { t } = useTranslation('resources');
  return (
    <section className="crisis-block" aria-labelledby="crisis-block-heading">
      <h2 id="crisis-block-heading">{t('crisis.heading')}</h2>
      <p className="crisis-block-intro">{t('crisis.intro')}</p>
      <ul className="crisis-block-lines" aria-label={t('crisis.linesLabel')}>
        {crisisLines.map((line) => (
          <li key={line.id} className="crisis-block-line">
            <h3>{line.name}</h3>
            <p>{t(`crisis.lines.${line.id}`)}</p>
            <LineActions line={line} />
          </li>
        ))}
      </ul>
    </section>
  );
}
