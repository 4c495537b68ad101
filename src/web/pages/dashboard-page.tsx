import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CHAT_PATH, SIGN_IN_PATH, VOICE_PATH } from '../lib/paths.ts';
import { usePublicConfig } from '../lib/public-config.tsx';
import { CallLink } from '../components/call-link.tsx';
import { useAuth, useAuthController } from '../features/auth/auth-provider.tsx';
import { usernameOf } from '../features/auth/session.ts';
import { authProblemText } from '../features/auth/error-text.ts';
import { BookmarksSection } from '../features/bookmarks/bookmarks-section.tsx';
import { SecuritySection } from '../features/account-security/security-section.tsx';
import { YourDataSection } from '../features/privacy/your-data-section.tsx';
import authStyles from '../styles/auth.css?url';
import dashboardStyles from '../styles/dashboard.css?url';
import { LoadingLine } from '../lib/loading-line.tsx';

/** SPEC §4: the dashboard shows a timeout screen if auth loading lasts over 8 seconds. */
export const DASHBOARD_LOADING_TIMEOUT_MS = 8_000;

function ErrorScreen({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  return (
    <div className="error-screen" role="alert" aria-labelledby="dashboard-error-title">
      <h1 id="dashboard-error-title">{title}</h1>
      <p>{text}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('errorScreen.refresh')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void navigate(SIGN_IN_PATH)}>
          {t('errorScreen.goToLogin')}
        </button>
      </div>
    </div>
  );
}

/**
 * /dashboard (SPEC §2 Dashboard): needs a signed-in user. While the session is being restored it
 * shows a loading indicator (and after 8 s the "Loading Timeout" screen); with no user and no error
 * it sends the visitor to /login.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { voiceAvailable } = usePublicConfig();
  const auth = useAuth();
  const controller = useAuthController();
  const navigate = useNavigate();
  const [timedOut, setTimedOut] = useState(false);
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
          mutations: { retry: false },
        },
      }),
  );

  // Measured from when auth loading began (page start), not from when this screen's code arrived.
  useEffect(() => {
    if (!auth.loading) return;
    const elapsed = controller.startedAt === null ? 0 : Date.now() - controller.startedAt;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, DASHBOARD_LOADING_TIMEOUT_MS - elapsed));
    return () => clearTimeout(timer);
  }, [auth.loading, controller]);

  useEffect(() => {
    if (!auth.loading && !auth.user && !auth.error) void navigate(auth.exitTo ?? SIGN_IN_PATH, { replace: true });
  }, [auth.loading, auth.user, auth.error, auth.exitTo, navigate]);

  // A different user (or none) must never see the previous one's bookmarks.
  useEffect(() => {
    if (!auth.user) queryClient.clear();
  }, [auth.user, queryClient]);

  let content;
  if (auth.error) {
    content = <ErrorScreen title={t('errorScreen.authTitle')} text={authProblemText(auth.error, t)} />;
  } else if (auth.loading && timedOut) {
    content = <ErrorScreen title={t('errorScreen.timeoutTitle')} text={t('errorScreen.timeoutText')} />;
  } else if (auth.loading || !auth.user) {
    content = (
      <>
        <LoadingLine className="loading-line dashboard-loading">{t('loading')}</LoadingLine>
        <noscript>
          <p className="form-error">{t('noscript')}</p>
        </noscript>
      </>
    );
  } else {
    const user = auth.user;
    const username = usernameOf(user, auth.profile) ?? t('fallbackUser');
    content = (
      <QueryClientProvider client={queryClient}>
        <header className="dashboard-header">
          <h1>{t('welcome', { username })}</h1>
          <p className="dashboard-user-id">{t('userId', { id: user.id })}</p>
          <p>{t('intro')}</p>
          <div className="button-row" role="group" aria-label={t('actionsLabel')}>
            <CallLink className="button button-call" />
            <Link className="button button-primary" to={CHAT_PATH}>
              {t('chat')}
            </Link>
            {voiceAvailable ? (
              <Link className="button button-secondary" to={VOICE_PATH}>
                {t('speak')}
              </Link>
            ) : null}
          </div>
        </header>
        <BookmarksSection userId={user.id} />
        <SecuritySection user={user} />
        <YourDataSection />
      </QueryClientProvider>
    );
  }

  return (
    <div className="page dashboard">
      <link rel="stylesheet" href={authStyles} precedence="default" />
      <link rel="stylesheet" href={dashboardStyles} precedence="default" />
      {content}
    </div>
  );
}
