import type { ChangeEvent } from "react";
import { TEST_CARDS_ID } from "../layout/test-cards-popover";
import { useShopMode } from "../layout/use-shop-mode";
import { LockIcon } from "../ui/icons";
import { TextField } from "../ui/text-field";

export type CardField = "nameOnCard" | "cardNumber" | "expiryDate" | "cvv";

export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** "1230" → "12/30", "1/27" stays. */
export function formatExpiry(value: string): string {
  // Typed with a slash ("1/27"): keep the customer's own split.
  if (value.includes("/")) return value.replace(/[^\d/]/g, "");
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const CARD_DIGITS = 19;
/** 19 digits in groups of four, with the spaces between them. */
const CARD_NUMBER_LENGTH = CARD_DIGITS + 4;

/** "4242424242424242" → "4242 4242 4242 4242"; American Express (34…, 37…) as 4-6-5. The spaces are only for reading. */
export function formatCardNumber(value: string): string {
  const typed = value.replace(/\D/g, "");
  const amex = /^3[47]/.test(typed);
  const digits = typed.slice(0, amex ? 15 : CARD_DIGITS);
  const groups = amex ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)] : (digits.match(/\d{1,4}/g) ?? []);
  return groups.filter(Boolean).join(" ");
}

/** Where the caret goes in reformatted text: just after the same number of digits as before. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text.charAt(i)) && ++seen === digits) return i + 1;
  }
  return text.length;
}

/** Reformats the field as it is typed, keeping the caret beside the digit just typed (not thrown to the end). */
function formatted(binding: FieldBinding, format: (v: string) => string): FieldBinding {
  return {
    ...binding,
    onChange: (event) => {
      const input = event.target;
      const next = format(input.value);
      if (next !== input.value) {
        const caret = input.selectionStart;
        const digitsBefore = caret === null ? null : input.value.slice(0, caret).replace(/\D/g, "").length;
        input.value = next;
        if (digitsBefore !== null) {
          const at = caretAfterDigits(next, digitsBefore);
          input.setSelectionRange(at, at);
        }
      }
      binding.onChange(event);
    },
  };
}

/**
 * In a demo shop, a pointer to the test cards; the list itself lives behind the demo ribbon's link
 * (components/layout/test-cards-popover.tsx), on every page.
 */
function TestCardsHint() {
  const demo = useShopMode();
  if (!demo) return null;
  return (
    <p className="flex gap-2 rounded-lg bg-wheat-50 px-3 py-2 text-sm text-stone-700">
      <LockIcon className="mt-0.5 size-4 shrink-0 text-field-700" />
      <span>
        Demo shop: no card is charged.{" "}
        <button type="button" popoverTarget={TEST_CARDS_ID} className="font-semibold text-field-800 underline underline-offset-2 hover:text-field-900">
          See the test cards
        </button>
      </span>
    </p>
  );
}

/** Name on card, number, expiry and CVV (and, in a demo shop, where the test cards are). */
export function CardFields({ field }: { field: (name: CardField) => FieldBinding }) {
  return (
    <div className="flex flex-col gap-4">
      <TextField label="Name on Card" autoComplete="cc-name" required {...field("nameOnCard")} />
      <TextField
        label="Card Number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        maxLength={CARD_NUMBER_LENGTH}
        required
        {...formatted(field("cardNumber"), formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry Date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          required
          {...formatted(field("expiryDate"), formatExpiry)}
        />
        <TextField label="CVV" autoComplete="cc-csc" inputMode="numeric" placeholder="123" maxLength={4} required {...field("cvv")} />
      </div>
      <TestCardsHint />
    </div>
  );
}
