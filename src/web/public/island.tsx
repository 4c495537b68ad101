import type { ComponentProps, ReactNode } from 'react';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from './island-attributes.ts';
import { islandComponent, type islandComponents, type IslandName } from './island-registry.ts';

/**
 * Server side of an island: the component's HTML inside a box that names it and carries its props
 * as JSON (an attribute, not an inline script: the CSP allows none). `panel` is the static part
 * some islands keep as rendered.
 */
export function Island<Name extends IslandName>({
  name,
  props,
  panel,
}: {
  name: Name;
  props: Omit<ComponentProps<(typeof islandComponents)[Name]>, 'panel' | 'panelHtml'>;
  panel?: ReactNode;
}) {
  const Component = islandComponent(name) as (props: Record<string, unknown>) => ReactNode;
  const attributes = { [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) };
  return (
    <div className="island" {...attributes}>
      <Component {...props} {...(panel !== undefined ? { panel } : {})} />
    </div>
  );
}
