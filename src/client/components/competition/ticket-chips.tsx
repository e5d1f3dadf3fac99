/** Ticket numbers as small chips, lowest first (random numbers come out in the order they were drawn). */
export function TicketChips({ numbers, label = "Ticket numbers", testId = "ticket-number" }: { numbers: string[]; label?: string; testId?: string }) {
  if (numbers.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {[...numbers]
        .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
        .map((n) => (
          <li
            key={n}
            data-testid={testId}
            className="rounded-md border border-field-200 bg-field-50 px-2 py-0.5 font-mono text-xs font-semibold text-field-800"
          >
            {n}
          </li>
        ))}
    </ul>
  );
}
