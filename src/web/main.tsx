import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { switchLanguage } from './i18n/i18n.ts';
import './styles/global.css';
import { Root } from './app/root.tsx';
import { pageLocale } from './app/page-locale.ts';
import { readPublicConfig } from './lib/public-config.tsx';
import { readServicesData } from './features/services/services-data.tsx';

function start(container: HTMLElement, i18n: I18n, basename: string): void {
  const tree = (
    <Root
      config={readPublicConfig()}
      i18n={i18n}
      servicesData={readServicesData()}
      router={(app) => <BrowserRouter basename={basename}>{app}</BrowserRouter>}
    />
  );
  // Every page is rendered on the server, so normally there is markup to hydrate; a page the server
  // rendered in another language than the visitor's (an app page without a language prefix, for a
  // visitor who chose one) is rendered afresh instead.
  if (container.hasChildNodes() && document.documentElement.lang === i18n.language) hydrateRoot(container, tree);
  else {
    document.documentElement.lang = i18n.language;
    createRoot(container).render(tree);
  }
}

const container = document.getElementById('root');
if (container) {
  const { locale, basename } = pageLocale({
    pathname: window.location.pathname,
    cookie: document.cookie,
    languages: navigator.languages,
    rendered: document.documentElement.lang,
  });
  // Not a top-level await: the bundler would then split every module the lazy screens share with
  // this entry into chunks of its own, each one more request on a first visit.
  void switchLanguage(locale).then((i18n) => start(container, i18n, basename));
}
