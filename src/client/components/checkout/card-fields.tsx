import type { ChangeEvent } from "react";
import { LockIcon } from "../ui/icons";
import { TextField } from "../ui/text-field";

export type CardField = "nameOnCard" | "cardNumber" | "expiryDate" | "cvv";

export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** "1230" → "12/30", "1/27" stays; the card number is left as typed (spaces are fine, the server strips them). */
export function formatExpiry(value: string): string {
  // Typed with a slash ("1/27"): keep the customer's own split.
  if (value.includes("/")) return value.replace(/[^\d/]/g, "");
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function formatted(binding: FieldBinding, format: (v: string) => string): FieldBinding {
  return {
    ...binding,
    onChange: (event) => {
      event.target.value = format(event.target.value);
      binding.onChange(event);
    },
  };
}

/** Name on card, number, expiry and CVV, with the simulated provider's test cards explained. */
export function CardFields({ field }: { field: (name: CardField) => FieldBinding }) {
  return (
    <div className="flex flex-col gap-4">
      <TextField label="Name on Card" autoComplete="cc-name" required {...field("nameOnCard")} />
      <TextField
        label="Card Number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        maxLength={19}
        required
        {...field("cardNumber")}
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
      <p className="flex gap-2 rounded-lg bg-cream-100 px-3 py-2 text-sm text-stone-700">
        <LockIcon className="mt-0.5 size-4 shrink-0 text-field-700" />
        <span>
          Test mode: use 4242 4242 4242 4242 (debit), any future expiry, any CVC. 5555 5555 5555 4444 is a credit card (capped at £250 a
          month, not accepted for instant wins). 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds and 4000
          0000 0000 0119 gives a processing error.
        </span>
      </p>
    </div>
  );
}
