import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './i18n/i18n.ts';
import './styles/global.css';
import { Root } from './app/root.tsx';
import { readPublicConfig } from './app/public-config.tsx';
import { readServicesData } from './features/services/services-data.tsx';

const container = document.getElementById('root');
if (container) {
  const tree = (
    <Root config={readPublicConfig()} servicesData={readServicesData()} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />
  );
  // Every page is rendered on the server, so normally there is markup to hydrate.
  if (container.hasChildNodes()) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
}
