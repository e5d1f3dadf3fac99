import { z } from "zod";

export interface PostalFormValues {
  customerName: string;
  customerEmail: string;
  address: string;
  receivedOn: string;
  postalReference: string;
  answer: string;
  dateOfBirth: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Today as a date input's value, in the browser's time zone. */
export function todayInput(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const emptyPostalForm = (): PostalFormValues => ({
  customerName: "",
  customerEmail: "",
  address: "",
  receivedOn: todayInput(),
  postalReference: "",
  answer: "",
  dateOfBirth: "",
});

/** The start of the day the card arrived, in the browser's time zone: never in the future. */
export function receivedAtFrom(date: string): string {
  const d = new Date(`${date}T00:00:00`);
  return Number.isNaN(d.getTime()) ? date : d.toISOString();
}

const required = (message: string, max: number) => z.string().trim().min(1, message).max(max);

/**
 * The rules of POST /admin/competitions/{id}/postal-entries (src/server/routers/admin/draws.ts),
 * checked before sending so each message sits under its field. The server checks again, and
 * alone decides age, caps, the closing date and the answer.
 */
export function postalFormSchema(hasQuestion: boolean) {
  return z.object({
    customerName: required("Entrant name is required", 120),
    customerEmail: z.string().trim().max(254).pipe(z.email("Please enter a valid email address")),
    address: required("Postal address is required", 1000),
    receivedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Date received is required")
      .refine((v) => v <= todayInput(), "The date received cannot be in the future"),
    postalReference: required("Postal reference is required", 100),
    answer: hasQuestion ? required("Enter the answer written on the entry", 200) : z.string().max(200),
    dateOfBirth: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a full date")]),
  });
}
