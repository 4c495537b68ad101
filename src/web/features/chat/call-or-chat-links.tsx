import { Link } from 'react-router';
import { CallLink } from '../../components/call-link.tsx';
import { CHAT_PATH } from '../../lib/paths.ts';

/** The other ways to talk, for someone who would rather not use what this page offers: a call, or the chat. */
export function CallOrChatLinks({ chatLabel }: { chatLabel: string }) {
  return (
    <p className="button-row">
      <CallLink className="button button-call" />
      <Link className="button button-secondary" to={CHAT_PATH}>
        {chatLabel}
      </Link>
    </p>
  );
}
