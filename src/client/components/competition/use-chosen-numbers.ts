import { useState } from "react";

const numbersWord = (n: number) => (n === 1 ? "number" : "numbers");

/**
 * The numbers chosen on the entry form, kept in step with its quantity: choosing one more number
 * than there are entries adds an entry (up to `limit`); removing one leaves the quantity as it is.
 * `entries` is the quantity field read as a whole number (0 while it holds none).
 */
export function useChosenNumbers(initial: string[], entries: number, limit: number, setEntries: (quantity: number) => void) {
  const [chosen, setChosen] = useState<string[]>(initial);
  const [notice, setNotice] = useState<string | null>(null);

  const toggle = (n: string) => {
    setNotice(null);
    if (chosen.includes(n)) {
      setChosen(chosen.filter((c) => c !== n));
      return;
    }
    if (chosen.length >= entries) {
      if (chosen.length + 1 > limit) {
        setNotice(`You can choose at most ${limit} ${numbersWord(limit)} in this order`);
        return;
      }
      setEntries(chosen.length + 1);
    }
    setChosen([...chosen, n]);
  };

  /** Lucky Dip's finds, up to the entries still without a number. */
  const addDipped = (numbers: string[]) => {
    setNotice(null);
    setChosen((prev) => [...prev, ...numbers.filter((n) => !prev.includes(n)).slice(0, Math.max(0, entries - prev.length))]);
  };

  /**
   * Chosen numbers the grid's latest read shows held or sold: another buyer was quicker. They are
   * let go at once, with the same words the checkout would use, rather than lost at Pay.
   */
  const dropTaken = (taken: string[]) => {
    const lost = chosen.filter((n) => taken.includes(n));
    if (!lost.length) return;
    setChosen((prev) => prev.filter((n) => !lost.includes(n)));
    setNotice(
      lost.length === 1
        ? `Ticket #${lost[0]} has just been taken by another buyer. Please choose another number.`
        : `Tickets ${lost.map((n) => `#${n}`).join(", ")} have just been taken by other buyers. Please choose other numbers.`,
    );
  };

  const missing = Math.max(0, entries - chosen.length);
  /** Said as the quantity changes: more numbers than entries. */
  const excess =
    entries >= 1 && chosen.length > entries
      ? `You have chosen ${chosen.length} ${numbersWord(chosen.length)} for ${entries} ${entries === 1 ? "entry" : "entries"}: remove ${chosen.length - entries} or add entries`
      : null;
  /** Said on "Enter Now": fewer numbers than entries. */
  const shortfall = missing > 0 ? `Choose ${missing} more ${numbersWord(missing)}, or press Lucky Dip` : null;

  return { chosen, toggle, addDipped, dropTaken, missing, excess, shortfall, notice };
}
