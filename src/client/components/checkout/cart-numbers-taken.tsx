import { useCart } from "../../hooks/use-cart";
import { NumbersTakenAlert } from "./numbers-taken-alert";
import { replacedText, type useNumbersTaken } from "./use-numbers-taken";

/**
 * After another buyer took some of a cart line's chosen numbers: the lost ones are off the line, a
 * free one nearby can take each one's place, and any not replaced are drawn at random when paying.
 */
export function CartNumbersTaken({ competitionId, taken }: { competitionId: string | null; taken: ReturnType<typeof useNumbersTaken> }) {
  const { items, setNumbers } = useCart();
  const item = items.find((i) => i.competitionId === competitionId);
  const lost = taken.state;
  if (!lost) return null;
  const numbers = item?.numbers ?? [];
  if (lost.lost.length === 0 || !item) {
    return lost.replaced.length > 0 ? (
      <p role="status" className="rounded-xl bg-field-50 px-4 py-3 text-sm font-semibold text-field-800" data-testid="numbers-replaced">
        {replacedText(lost.replaced)}
      </p>
    ) : null;
  }
  const use = (n: string) => {
    if (numbers.length >= item.quantity) return;
    if (taken.replaceWith(n) !== null) setNumbers(item.competitionId, [...numbers, n]);
  };
  const random = item.quantity - numbers.length;
  return (
    <NumbersTakenAlert message={lost.message} nearby={lost.nearby.filter((n) => !numbers.includes(n))} onUse={use}>
      {lost.replaced.length > 0 ? <p className="text-sm text-stone-800">{replacedText(lost.replaced)}</p> : null}
      <p className="text-sm text-stone-800">
        Or pay as it is, and {item.title} gets {random === 1 ? "one number" : `${random} numbers`} drawn at random.
      </p>
    </NumbersTakenAlert>
  );
}
