import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState, type Ref } from "react";
import { useTRPC } from "../../lib/trpc";
import { cn } from "../../lib/cn";
import { buttonClasses } from "../ui/button-styles";
import { Spinner } from "../ui/spinner";
import { ChosenNumbers } from "./chosen-numbers";
import { luckyDip } from "./lucky-dip";
import { NumberGrid } from "./number-grid";
import { NumberPageNav } from "./number-page-nav";
import { blockOfPage, blockQuery, outNumbers, pageOf, pageSpan, spanLabel, type NumberState } from "./number-pages";

/** How often the grid asks again while it is open (the server answers from a one-second cache). */
const REFRESH_MS = 5000;

const SWATCH: Record<NumberState, string> = {
  free: "border-stone-300 bg-white",
  chosen: "border-field-700 bg-field-700",
  held: "border-wheat-300 bg-wheat-100",
  sold: "border-stone-400 bg-stone-200",
};
const KEY: Array<[NumberState, string]> = [
  ["free", "Free"],
  ["chosen", "Chosen"],
  ["held", "Held (a buyer is paying)"],
  ["sold", "Sold"],
];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface NumberPickerProps {
  competitionId: string;
  maxTickets: number;
  chosen: string[];
  /** Entries still without a number: what Lucky Dip fills. */
  missing: number;
  onToggle: (n: string) => void;
  onLuckyDip: (numbers: string[]) => void;
  /** Chosen numbers the latest read shows held or sold by someone else. */
  onTaken?: (numbers: string[]) => void;
  /** Why the entry cannot go on yet ("Choose 2 more numbers, or press Lucky Dip"). */
  error?: string;
  /** A passing remark, e.g. that no more numbers can be chosen. */
  notice?: string | null;
  /** The Lucky Dip button, for the form to move focus to with the error. */
  luckyDipRef?: Ref<HTMLButtonElement>;
}

/**
 * The number grid of a competition whose buyers choose their numbers: a page of 100 at a time, from
 * one numbers read per thousand (asked again every few seconds while open), with Lucky Dip for the
 * rest and the chosen numbers as removable chips. A number shown free can still be lost to a
 * quicker buyer: the order says so (409 NUMBERS_TAKEN) and checkout offers others.
 */
export function NumberPicker({ competitionId, maxTickets, chosen, missing, onToggle, onLuckyDip, onTaken, error, notice, luckyDipRef }: NumberPickerProps) {
  const trpc = useTRPC();
  const id = useId();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(() => (chosen[0] ? pageOf(Number(chosen[0])) : 0));
  const [dipping, setDipping] = useState(false);
  const [dipNote, setDipNote] = useState<string | null>(null);
  const span = pageSpan(page, maxTickets);
  const query = useQuery(
    trpc.public.competitions.numbers.queryOptions(blockQuery(competitionId, blockOfPage(page), maxTickets), {
      refetchInterval: REFRESH_MS,
      staleTime: 1000,
    }),
  );
  const out = useMemo(() => (query.data ? outNumbers(query.data) : null), [query.data]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  // A chosen number that the refreshed read shows taken is let go as soon as it is seen.
  const takenChosen = out ? chosen.filter((n) => out.has(Number(n))) : [];
  const takenKey = takenChosen.join(",");
  useEffect(() => {
    if (takenKey) onTaken?.(takenKey.split(","));
  }, [takenKey, onTaken]);
  const stateOf = (n: number): NumberState => (chosenSet.has(String(n)) ? "chosen" : (out?.get(n) ?? "free"));

  const dip = async () => {
    if (dipping || missing <= 0) return;
    setDipping(true);
    setDipNote(null);
    try {
      const found = await luckyDip({
        need: missing,
        maxTickets,
        exclude: new Set(chosen.map(Number)),
        loadBlock: (block) =>
          queryClient.fetchQuery(trpc.public.competitions.numbers.queryOptions(blockQuery(competitionId, block, maxTickets), { staleTime: 1000 })),
      });
      if (found.length > 0) onLuckyDip(found.map(String));
      if (found.length === 0) setDipNote("There are no free numbers left to choose from.");
      else if (found.length < missing) setDipNote(`Only ${plural(found.length, "free number")} could be found.`);
      else setDipNote(`Lucky Dip chose ${found.map((n) => `#${n}`).join(", ")}.`);
    } catch {
      setDipNote("We couldn't check which numbers are free. Please try again.");
    } finally {
      setDipping(false);
    }
  };

  const message = error ?? notice ?? dipNote;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-semibold text-stone-800">Choose your numbers</legend>
      <p className="-mt-1 text-sm text-stone-600">
        Tap free numbers to choose them, or press Lucky Dip for random free ones. {chosen.length > 0 ? `${plural(chosen.length, "number")} chosen.` : ""}
      </p>
      <NumberPageNav page={page} maxTickets={maxTickets} onPage={setPage} />
      {/* On a phone the grid also takes the card's side padding (the buy box is edge to edge there), so ten 36 px columns fit 390 px. */}
      <div className="max-sm:-mx-5 max-sm:px-1">
        <NumberGrid span={span} label={`Numbers ${spanLabel(span)}`} stateOf={stateOf} loading={query.isPending} onToggle={(n) => onToggle(String(n))} />
      </div>
      {query.isError && !query.data ? (
        <p className="text-sm text-danger-700">
          We couldn't load which numbers are taken.{" "}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <ul aria-label="Key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
        {KEY.map(([state, label]) => (
          <li key={state} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("size-3.5 rounded-sm border", SWATCH[state])} />
            {label}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={luckyDipRef}
          type="button"
          className={buttonClasses("secondary")}
          onClick={() => void dip()}
          disabled={missing <= 0 || dipping}
          aria-busy={dipping || undefined}
          aria-describedby={message ? `${id}-message` : undefined}
        >
          {dipping ? <Spinner size="sm" /> : null}
          Lucky Dip
        </button>
        <span className="text-sm text-stone-600">{missing > 0 ? `${plural(missing, "entry", "entries")} without a number` : "Every entry has a number"}</span>
      </div>
      <ChosenNumbers numbers={chosen} onRemove={onToggle} />
      <div aria-live="polite">
        {message ? (
          <p id={`${id}-message`} className={cn("text-sm", error ? "font-medium text-danger-700" : "text-stone-700")}>
            {message}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
