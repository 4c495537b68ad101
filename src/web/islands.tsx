// The browser entry of the public pages (/, /about, /resources, /privacy in every language,
// decision 097): the server rendered the whole page; only the islands it marked are hydrated.
import { createElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import './styles/home.css';
import './styles/about.css';
import './styles/cards.css';
import './styles/resources.css';
import { DisclosureMenu } from './components/disclosure-menu.tsx';
import { QuickExitLink } from './components/quick-exit-link.tsx';
import { ResourceDirectory } from './features/resources/resource-directory.tsx';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_SLOT_ATTRIBUTE } from './public/island-attributes.ts';

type IslandComponent = (props: Record<string, unknown>) => ReactNode;

const loaders: Record<string, () => Promise<unknown>> = {
  'quick-exit': () => Promise.resolve(QuickExitLink),
  disclosure: () => Promise.resolve(DisclosureMenu),
  'resource-directory': () => Promise.resolve(ResourceDirectory),
  // Below the directory, and only /resources has it: its code loads after the page's.
  services: async () => (await import('./features/services/services-near-you.tsx')).ServicesIsland,
};

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const load = loaders[element.getAttribute(ISLAND_ATTRIBUTE) ?? ''];
  if (!load) continue;
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
  const slot = element.querySelector(`[${ISLAND_SLOT_ATTRIBUTE}]`);
  if (slot) props.panelHtml = slot.innerHTML;
  void load().then((component) => hydrateRoot(element, createElement(component as IslandComponent, props)));
}
