import { useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../lib/line-icon.tsx';
import { volumeBand } from './audio-levels.ts';
import type { CallStatus } from './voice-call.ts';

interface CallButtonProps {
  status: CallStatus;
  volume: number;
  /** False until the page's JavaScript runs: the button cannot do anything before. */
  enabled: boolean;
  onStart(): void;
  onEnd(): void;
  buttonRef: Ref<HTMLButtonElement>;
}

function MicIcon() {
  return <LineIcon className="voice-call-icon" d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />;
}

/**
 * The large round button (SPEC §2 Voice screen): "Start Call", "Connecting...", "End Call". It grows
 * and its ring changes with the call's volume. While connecting it stays focusable but refuses a
 * second press (aria-disabled), so keyboard focus is not lost.
 */
export function CallButton({ status, volume, enabled, onStart, onEnd, buttonRef }: CallButtonProps) {
  const { t } = useTranslation('voice');
  const ringRef = useRef<HTMLDivElement>(null);
  const band = status === 'connected' ? volumeBand(volume) : 'silent';

  // Set through the CSS object model: the CSP allows no inline style attributes.
  useEffect(() => {
    ringRef.current?.style.setProperty('--voice-volume', String(status === 'connected' ? volume : 0));
  }, [status, volume]);

  const label = status === 'idle' ? t('button.start') : status === 'connecting' ? t('button.connecting') : t('button.end');
  return (
    <div ref={ringRef} className="voice-call-ring" data-status={status} data-volume-band={band}>
      <button
        ref={buttonRef}
        type="button"
        className="voice-call-button"
        disabled={!enabled}
        aria-disabled={status === 'connecting' ? true : undefined}
        onClick={() => {
          if (status === 'idle') onStart();
          else if (status === 'connected') onEnd();
        }}
      >
        <MicIcon />
        <span>{label}</span>
      </button>
    </div>
  );
}
