import type { PublicCompetition } from "../../../shared/schemas/competition";
import type { CartItem } from "../cart/cart-items";
import { TextField } from "../ui/text-field";

interface AnswerFieldsProps {
  items: CartItem[];
  competitions: Map<string, PublicCompetition>;
  answers: Record<string, string>;
  errors: Record<string, string | undefined>;
  onChange: (competitionId: string, answer: string) => void;
}

/** One answer field per cart line whose competition asks a qualifying question. */
export function AnswerFields({ items, competitions, answers, errors, onChange }: AnswerFieldsProps) {
  const asked = items.flatMap((item) => {
    const question = competitions.get(item.competitionId)?.qualifyingQuestion?.trim();
    return question ? [{ item, question }] : [];
  });
  if (asked.length === 0) return null;

  return (
    <div className="flex flex-col gap-5">
      {asked.map(({ item, question }) => (
        <div key={item.competitionId}>
          <p className="mb-1 text-xs font-bold uppercase tracking-wider text-wheat-700">{item.title}</p>
          <TextField
            label={question}
            name={`answer-${item.competitionId}`}
            autoComplete="off"
            required
            value={answers[item.competitionId] ?? ""}
            error={errors[item.competitionId]}
            onChange={(e) => onChange(item.competitionId, e.target.value)}
          />
        </div>
      ))}
    </div>
  );
}
