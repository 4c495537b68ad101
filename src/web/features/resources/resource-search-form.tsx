import { useRef, type FormEvent, type MouseEvent } from 'react';
import type { ResourceCategory } from '../../../shared/resource-directory.ts';
import { MAX_QUERY_LENGTH, type CategoryFilter } from '../../../shared/resource-search.ts';
import type { DirectoryFilters } from './use-directory-filters.ts';
import { useKeepTypedValue } from '../../lib/use-hydrated.ts';
import type { DirectoryText } from './directory-text.ts';

export const SEARCH_INPUT_ID = 'resource-search';

interface ResourceSearchFormProps {
  filters: DirectoryFilters;
  onChange(next: DirectoryFilters): void;
  text: DirectoryText;
  /** This page's address in its language, where the form goes without JavaScript. */
  action: string;
  /** The directory's categories, one button each. */
  categories: readonly ResourceCategory[];
}

/**
 * The search box and category buttons. It is a real GET form (?q=, ?category=): before the script
 * has loaded, submitting it loads /resources with the search in the URL, which the page applies as
 * soon as it runs. With the script, results follow each keystroke and each button press.
 */
export function ResourceSearchForm({ filters, onChange, text, action, categories }: ResourceSearchFormProps) {
  const queryInput = useRef<HTMLInputElement>(null);
  useKeepTypedValue(queryInput, (query) => onChange({ ...filters, query }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Results are already up to date; nothing to send.
    event.preventDefault();
  };

  const choose = (category: CategoryFilter) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onChange({ ...filters, category });
  };

  const options: { id: CategoryFilter; label: string }[] = [
    { id: 'all', label: text.filter.all },
    ...categories.map((category) => ({ id: category.id, label: category.name })),
  ];

  return (
    <form
      className="resources-search"
      role="search"
      aria-label={text.search.heading}
      method="get"
      action={action}
      onSubmit={onSubmit}
    >
      <label className="resources-search-label" htmlFor={SEARCH_INPUT_ID}>
        {text.search.label}
      </label>
      <p className="resources-search-hint" id={`${SEARCH_INPUT_ID}-hint`}>
        {text.search.hint}
      </p>
      <div className="resources-search-row">
        <input
          ref={queryInput}
          id={SEARCH_INPUT_ID}
          className="resources-search-input"
          type="search"
          name="q"
          value={filters.query}
          onChange={(event) => onChange({ ...filters, query: event.target.value })}
          placeholder={text.search.placeholder}
          aria-describedby={`${SEARCH_INPUT_ID}-hint`}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
        />
        {/* The default button: pressing Enter submits the current category along with the text. */}
        <button className="button button-primary resources-search-submit" type="submit" name="category" value={filters.category}>
          {text.search.submit}
        </button>
      </div>
      <div className="resources-filters" role="group" aria-label={text.filter.label}>
        {options.map((option) => (
          <button
            key={option.id}
            className="resources-filter"
            type="submit"
            name="category"
            value={option.id}
            aria-pressed={filters.category === option.id}
            onClick={choose(option.id)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </form>
  );
}
