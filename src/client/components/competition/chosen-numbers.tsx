/** The numbers chosen so far, each with a button that gives it back. */
export function ChosenNumbers({ numbers, onRemove }: { numbers: string[]; onRemove: (n: string) => void }) {
  if (numbers.length === 0) return null;
  return (
    <ul aria-label="Your chosen numbers" data-testid="chosen-numbers" className="flex flex-wrap gap-1.5">
      {numbers.map((n) => (
        <li key={n} className="inline-flex items-center rounded-full bg-field-700 pl-3 font-semibold tabular-nums text-white">
          #{n}
          <button
            type="button"
            onClick={() => onRemove(n)}
            aria-label={`Remove number ${n}`}
            className="inline-flex size-9 items-center justify-center rounded-full text-lg leading-none text-field-50 hover:bg-field-800"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
