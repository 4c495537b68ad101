import { searchDirectory, type DirectorySearch } from '../../../shared/resource-search.ts';

/** GET /api/resources response (DESIGN §5.2). */
export interface ResourcesResponse {
  categories: { id: string; name: string; resources: { name: string; url: string }[] }[];
  organizations: { name: string; description: string; url: string; phone?: string }[];
  noResults: boolean;
}

/** The directory filtered with the SPEC §2 semantics, in the shape of the public API. */
export function listResources(search: DirectorySearch): ResourcesResponse {
  const result = searchDirectory(search);
  return {
    categories: result.categories.map((category) => ({
      id: category.id,
      name: category.name,
      resources: category.resources.map(({ name, url }) => ({ name, url })),
    })),
    organizations: result.organizations.map(({ name, description, url, phone }) => ({
      name,
      description,
      url,
      ...(phone ? { phone } : {}),
    })),
    noResults: result.noResults,
  };
}
