import type { ComponentType, ReactNode } from 'react';
import { DisclosureMenu } from '../components/disclosure-menu.tsx';
import { QuickExitLink } from '../components/quick-exit-link.tsx';
import { ResourceDirectory } from '../features/resources/resource-directory.tsx';
import { ServicesIsland } from '../features/services/services-near-you.tsx';

/**
 * The interactive parts of the public pages (decision 097), as the server renders them. Each takes
 * plain, already translated props: the server writes them into the page beside the island's HTML,
 * and the browser (src/web/islands.tsx) hydrates only these, with no router, no i18n runtime and no
 * auth controller.
 */
export const islandComponents = {
  'quick-exit': QuickExitLink,
  disclosure: DisclosureMenu,
  'resource-directory': ResourceDirectory,
  services: ServicesIsland,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islandComponents;

/** An island's component, taking the props the server wrote down (checked against its type by <Island>). */
export function islandComponent(name: string): ((props: Record<string, unknown>) => ReactNode) | undefined {
  return Object.hasOwn(islandComponents, name) ? (islandComponents[name as IslandName] as unknown as (props: Record<string, unknown>) => ReactNode) : undefined;
}
