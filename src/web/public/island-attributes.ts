/** How the server marks an island in the page and how the browser finds it (decision 097). */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
/** An island's static part, rendered by the server and handed back to it as HTML when hydrating. */
export const ISLAND_SLOT_ATTRIBUTE = 'data-island-slot';
