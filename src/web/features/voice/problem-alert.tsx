import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_PATH } from '../../lib/paths.ts';
import { CallLink } from '../../components/call-link.tsx';
import type { VoiceCallState } from './voice-call.ts';

/**
 * Why the call could not start or stopped (SPEC §8: "Failed to start call: " plus the reason), in
 * the page rather than a window alert, with the ways that still work: chat and the phone. Focus
 * moves here so keyboard users land next to those links.
 */
export function ProblemAlert({ problem }: { problem: NonNullable<VoiceCallState['problem']> }) {
  const { t } = useTranslation('voice');
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    alertRef.current?.focus();
  }, [problem]);

  const reason = t(`problem.reason.${problem.kind}`);
  return (
    <div ref={alertRef} className="voice-problem" role="alert" tabIndex={-1}>
      <p className="voice-problem-text">
        {problem.atStart ? t('problem.startFailed', { reason }) : t('problem.callEnded', { reason })}
      </p>
      <p>{t('problem.alternatives')}</p>
      <p className="button-row">
        <Link className="button button-primary" to={CHAT_PATH}>
          {t('otherWays.chat')}
        </Link>
        <CallLink className="button button-call" />
      </p>
    </div>
  );
}
