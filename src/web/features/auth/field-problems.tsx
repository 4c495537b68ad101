/**
 * SPEC §5's message for each rule a field breaks, under the field (and its checklist). The field
 * points at it with aria-describedby; the form-level alert ("Please fix username requirements") is
 * what gets announced, so this list is not a live region of its own.
 */
export function FieldProblems({ id, problems }: { id: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="field-problems" id={id}>
      {problems.map((problem) => (
        <li key={problem} className="field-error">
          {problem}
        </li>
      ))}
    </ul>
  );
}
