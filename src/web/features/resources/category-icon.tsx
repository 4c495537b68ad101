import type { CategoryId } from '../../../shared/resource-directory.ts';

const PATHS: Record<CategoryId, string[]> = {
  housing: ['M3 11.5 12 4l9 7.5', 'M5 10v10h5v-6h4v6h5V10'],
  food: ['M3 12h18a9 9 0 0 1-18 0z', 'M9 3c-1 1.5 1 2.5 0 4.5', 'M14 3c-1 1.5 1 2.5 0 4.5'],
  health: ['M12 21s-7.5-4.6-9.3-9.2A5.2 5.2 0 0 1 12 6.6a5.2 5.2 0 0 1 9.3 5.2C19.5 16.4 12 21 12 21z', 'M12 10v5', 'M9.5 12.5h5'],
  employment: ['M4 8h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z', 'M9 8V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V8', 'M3 13h18'],
  legal: ['M12 4v16', 'M7 20h10', 'M5 7h14', 'M5 7l-2.5 6a2.5 2.5 0 0 0 5 0z', 'M19 7l-2.5 6a2.5 2.5 0 0 0 5 0z'],
  crisis: ['M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6z', 'M12 9v4', 'M12 16h.01'],
};

/** A small line drawing for a category card. Decoration only: the heading names the category. */
export function CategoryIcon({ id }: { id: CategoryId }) {
  return (
    <svg
      className="resources-category-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[id].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
