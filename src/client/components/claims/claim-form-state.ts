import { useState } from "react";
import type { ZodError } from "zod";
import type { AuthUser } from "../../../shared/schemas/auth";
import { claimSubmitFields, DELIVERY_COUNTRIES, type ClaimChoice, type ClaimSubmitInput } from "../../../shared/schemas/claims";

/** The country select's third choice: the name is then typed in. */
export const OTHER_COUNTRY = "other";

export interface ClaimFormValues {
  dateOfBirth: string;
  choice: ClaimChoice;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  /** "United Kingdom", "Ireland" or OTHER_COUNTRY. */
  country: string;
  otherCountry: string;
  acceptTerms: boolean;
  /** May we publish their name, their photo (the winners gallery and the home page)? Unticked: no. */
  publishName: boolean;
  publishPhoto: boolean;
}

export type ClaimField = keyof ClaimFormValues;
export type ClaimFieldErrors = Partial<Record<ClaimField, string>>;

const isDeliveryCountry = (c: string) => (DELIVERY_COUNTRIES as readonly string[]).includes(c);

/** Starts from the account's phone and address (the date of birth is asked afresh: it is the check). */
export function initialClaimValues(user: AuthUser): ClaimFormValues {
  const country = user.country?.trim() ?? "";
  return {
    dateOfBirth: "",
    choice: "prize",
    phone: user.phone ?? "",
    line1: user.address ?? "",
    line2: "",
    city: user.city ?? "",
    postcode: user.postcode ?? "",
    country: !country || isDeliveryCountry(country) ? country || DELIVERY_COUNTRIES[0] : OTHER_COUNTRY,
    otherCountry: country && !isDeliveryCountry(country) ? country : "",
    acceptTerms: false,
    publishName: false,
    publishPhoto: false,
  };
}

/** The body of POST /user/claims/{id} from the form (acceptTerms as ticked; the schema insists on true). */
export function claimInputFrom(v: ClaimFormValues): Omit<ClaimSubmitInput, "acceptTerms"> & { acceptTerms: boolean } {
  return {
    dateOfBirth: v.dateOfBirth,
    choice: v.choice,
    phone: v.phone,
    address: {
      line1: v.line1,
      ...(v.line2.trim() ? { line2: v.line2 } : {}),
      city: v.city,
      postcode: v.postcode,
      country: v.country === OTHER_COUNTRY ? v.otherCountry : v.country,
    },
    acceptTerms: v.acceptTerms,
    publishName: v.publishName,
    publishPhoto: v.publishPhoto,
  };
}

/** The schema's path ("address.line1") as the form's field. */
function fieldOf(path: readonly PropertyKey[]): ClaimField | null {
  const [first, second] = path;
  if (first === "address") {
    if (second === "country") return "otherCountry";
    return second === "line1" || second === "line2" || second === "city" || second === "postcode" ? second : null;
  }
  return first === "dateOfBirth" || first === "choice" || first === "phone" || first === "acceptTerms" ? first : null;
}

export function claimFieldErrors(error: ZodError): ClaimFieldErrors {
  const out: ClaimFieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (field && out[field] === undefined) out[field] = issue.message;
  }
  return out;
}

/** Checks the form with the procedure's own schema (claimSubmitFields): the parsed body, or the field errors. */
export function validateClaim(v: ClaimFormValues) {
  const parsed = claimSubmitFields.safeParse(claimInputFrom(v));
  if (parsed.success) return { ok: true as const, input: parsed.data };
  const errors = claimFieldErrors(parsed.error);
  // The schema's "YYYY-MM-DD" is about typed text; next to a date picker left empty it only puzzles.
  if (!v.dateOfBirth.trim()) errors.dateOfBirth = "Please enter your date of birth";
  return { ok: false as const, errors };
}

/** Form values and per-field messages; changing a field clears its message. */
export function useClaimForm(user: AuthUser) {
  const [values, setValues] = useState(() => initialClaimValues(user));
  const [errors, setErrors] = useState<ClaimFieldErrors>({});
  const set = <K extends ClaimField>(name: K, value: ClaimFormValues[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
  };
  /** Props for a TextField bound to a text value. */
  const text = (name: Exclude<ClaimField, "acceptTerms" | "choice" | "publishName" | "publishPhoto">) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  return { values, errors, setErrors, set, text };
}
