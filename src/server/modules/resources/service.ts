import { searchDirectory, type DirectorySearch } from '../../../shared/resource-search.ts';
import type { ResourcesResponse } from '../../../shared/resources-api.ts';

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
