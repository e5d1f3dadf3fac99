import { useMemo, useState } from "react";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import type { CartItem } from "../cart/cart-items";

export const WRONG_ANSWER_FIELD = "Incorrect answer. Please check it and try again.";

const asks = (competitions: Map<string, PublicCompetition>, item: CartItem) => Boolean(competitions.get(item.competitionId)?.qualifyingQuestion?.trim());

/**
 * Each cart line's qualifying answer (the one given on the competition page until it is changed
 * here) and the lines to mark: unanswered before paying, or the one the server found wrong.
 */
export function useCartAnswers(items: CartItem[], competitions: Map<string, PublicCompetition>) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const answers = useMemo(() => {
    const remembered = Object.fromEntries(items.flatMap((i) => (i.answer ? [[i.competitionId, i.answer]] : [])));
    return { ...remembered, ...typed };
  }, [items, typed]);

  const change = (competitionId: string, answer: string) => {
    setTyped((prev) => ({ ...prev, [competitionId]: answer }));
    setErrors((prev) => ({ ...prev, [competitionId]: undefined }));
  };

  /** Marks every question still unanswered; true when none is. */
  const markMissing = (): boolean => {
    const missing = Object.fromEntries(
      items.filter((i) => asks(competitions, i) && !answers[i.competitionId]?.trim()).map((i) => [i.competitionId, "Please answer the qualifying question"]),
    );
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };

  /**
   * Marks the answer the server refused: the line it names, else the only line with a question.
   * False when it cannot tell which line it was.
   */
  const markWrong = (competitionId: string | undefined): boolean => {
    const asked = items.filter((i) => asks(competitions, i));
    const wrong = asked.find((i) => i.competitionId === competitionId) ?? (competitionId === undefined && asked.length === 1 ? asked[0] : undefined);
    if (!wrong) return false;
    setErrors({ [wrong.competitionId]: WRONG_ANSWER_FIELD });
    return true;
  };

  return { answers, errors, change, markMissing, markWrong };
}
