import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config.tsx';
import { CallOrChatLinks } from '../features/chat/call-or-chat-links.tsx';
import { NoScriptHelp } from '../components/no-script-help.tsx';
import { CrisisBlock } from '../components/crisis-block.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';
import { CallButton } from '../features/voice/call-button.tsx';
import { ConversationPanel } from '../features/voice/conversation-panel.tsx';
import { ProblemAlert } from '../features/voice/problem-alert.tsx';
import { useVoiceCall } from '../features/voice/use-voice-call.ts';
import type { VoiceCallState } from '../features/voice/voice-call.ts';
import voiceStyles from '../styles/voice.css?url';

const HOW_TO_STEPS = ['start', 'speak', 'interrupt', 'mute', 'quiet'] as const;

function StatusLines({ state }: { state: VoiceCallState }) {
  const { t } = useTranslation('voice');
  if (state.status === 'connecting') return <p>{t('status.connecting')}</p>;
  if (state.status === 'connected') {
    return (
      <>
        <p className="voice-status-main">{t('status.connected')}</p>
        <p>{t('status.connectedHint')}</p>
      </>
    );
  }
  return (
    <>
      {state.endReason && !state.problem ? <p className="voice-status-main">{t('status.ended')}</p> : null}
      <p>{t('status.idle')}</p>
    </>
  );
}

function OtherWays() {
  const { t } = useTranslation('voice');
  return (
    <CallOrChatLinks chatLabel={t('otherWays.chat')} />
  );
}

/** Without a speech recogniser on the server nothing here could work: say so, and offer the rest. */
function VoiceUnavailable() {
  const { t } = useTranslation('voice');
  return (
    <div className="page narrow-page voice-page">
      <link rel="stylesheet" href={voiceStyles} precedence="default" />
      <h1>{t('heading')}</h1>
      <section className="voice-unavailable" aria-labelledby="voice-unavailable-heading">
        <h2 id="voice-unavailable-heading">{t('unavailable.heading')}</h2>
        <p>{t('unavailable.body')}</p>
        <OtherWays />
      </section>
    </div>
  );
}

/**
 * /speak-with-ellis (SPEC §2 Voice screen, §4 Voice call): a live voice call with Ellis in the
 * browser, the conversation as text, and the phone and chat as ways out when voice cannot work.
 */
export function VoicePage() {
  const { voiceAvailable } = usePublicConfig();
  return voiceAvailable ? <VoiceCallScreen /> : <VoiceUnavailable />;
}

function VoiceCallScreen() {
  const { t, i18n } = useTranslation('voice');
  const { voiceSpeaksEveryLanguage } = usePublicConfig();
  const hydrated = useHydrated();
  const { state, call } = useVoiceCall();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const previousStatus = useRef(state.status);

  // When the call ends, the mute toggle that may have had focus is gone: give focus back to the
  // call button, unless the problem alert took it.
  useEffect(() => {
    const ended = state.status === 'idle' && previousStatus.current !== 'idle';
    previousStatus.current = state.status;
    if (ended && (document.activeElement === document.body || document.activeElement === null)) buttonRef.current?.focus();
  }, [state.status]);

  const connected = state.status === 'connected';
  return (
    <div className="page narrow-page voice-page">
      <link rel="stylesheet" href={voiceStyles} precedence="default" />
      <h1>{t('heading')}</h1>
      <p className="voice-intro">{t('intro')}</p>
      {/* The built-in voice (Flite) speaks English only: say so before someone starts a call in another language. */}
      {i18n.language !== 'en' && !voiceSpeaksEveryLanguage ? <p className="voice-language-note">{t('englishOnlyNote')}</p> : null}

      <section className="voice-call-panel" aria-labelledby="voice-call-heading">
        <h2 id="voice-call-heading" className="visually-hidden">
          {t('controls.label')}
        </h2>
        <CallButton
          status={state.status}
          volume={state.volume}
          enabled={hydrated}
          onStart={() => call.start()}
          onEnd={() => call.stop()}
          buttonRef={buttonRef}
        />
        <div className="voice-status" role="status">
          <StatusLines state={state} />
        </div>
        {connected ? (
          <div className="voice-controls">
            <button type="button" className="button button-secondary voice-mute" onClick={() => call.toggleMute()}>
              {state.muted ? t('controls.unmute') : t('controls.mute')}
            </button>
            <p className="voice-speaking" data-speaking={state.speaking}>
              <span className="voice-speaking-dot" aria-hidden="true" />
              {state.speaking ? t('controls.speaking') : t('controls.listening')}
            </p>
          </div>
        ) : null}
        {connected && state.muted ? <p className="voice-muted-note">{t('controls.muted')}</p> : null}
        <NoScriptHelp message={t('noScript')} />
      </section>

      {state.problem ? <ProblemAlert problem={state.problem} /> : null}

      {state.crisis ? (
        <>
          <p className="voice-crisis-notice" role="alert">
            {t('crisisNotice')}
          </p>
          <CrisisBlock />
        </>
      ) : null}

      <ConversationPanel lines={state.lines} />

      <section className="voice-other-ways" aria-labelledby="voice-other-ways-heading">
        <h2 id="voice-other-ways-heading">{t('otherWays.heading')}</h2>
        <OtherWays />
      </section>

      <section className="voice-how-to" aria-labelledby="voice-how-to-heading">
        <h2 id="voice-how-to-heading">{t('howTo.heading')}</h2>
        <ol>
          {HOW_TO_STEPS.map((step) => (
            <li key={step}>{t(`howTo.steps.${step}`)}</li>
          ))}
        </ol>
        <p>{t('howTo.note')}</p>
      </section>
    </div>
  );
}
