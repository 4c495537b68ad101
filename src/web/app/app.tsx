import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout.tsx';
import { CHAT_TEST_PATH, VOICE_PATH } from './route-table.ts';
import { HomePage } from '../pages/home-page.tsx';
import { AboutPage } from '../pages/about-page.tsx';
import { ResourcesPage } from '../pages/resources-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { loadCatalogs } from '../i18n/i18n.ts';

// The account screens load their code, styles and strings only when visited, so the public pages
// stay small. The server render waits for them, so they are prerendered like the rest.
const LoginPage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/login-page.tsx'), loadCatalogs('auth')]);
  return { default: page.LoginPage };
});
const DashboardPage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/dashboard-page.tsx'), loadCatalogs('auth', 'dashboard', 'privacy')]);
  return { default: page.DashboardPage };
});
const PrivacyPage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/privacy-page.tsx'), loadCatalogs('privacy')]);
  return { default: page.PrivacyPage };
});
// The voice screen's code (capture worklet, player, socket) loads only on its own route.
const VoicePage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/voice-page.tsx'), loadCatalogs('voice')]);
  return { default: page.VoicePage };
});

const ChatPage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/chat-page.tsx'), loadCatalogs('chat')]);
  return { default: page.ChatPage };
});
const ChatTestPage = lazy(async () => {
  const [page] = await Promise.all([import('../pages/chat-test-page.tsx'), loadCatalogs('chat')]);
  return { default: page.ChatTestPage };
});

export function App() {
  return (
    <AuthProvider>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="resources" element={<ResourcesPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="chat" element={<ChatPage />} />
          <Route path={VOICE_PATH.slice(1)} element={<VoicePage />} />
          <Route path={CHAT_TEST_PATH.slice(1)} element={<ChatTestPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AuthProvider>
  );
}
