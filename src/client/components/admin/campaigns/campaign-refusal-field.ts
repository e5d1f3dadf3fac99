import { serverMessage } from "../../../lib/trpc-errors";
import { NEW_CAMPAIGN, type CampaignFormValues } from "./campaign-form-state";

export interface FieldRefusal {
  field: keyof CampaignFormValues & string;
  message: string;
}

const isField = (name: string): name is FieldRefusal["field"] => Object.hasOwn(NEW_CAMPAIGN, name);

/**
 * The form field a refusal of the server is about, so its words show on that field as well as in
 * the toast: an input check names its field ("priceTiers.0.minQuantity: …"); the service's own
 * refusals about prices, chosen numbers and instant wins are recognised by their words.
 */
export function fieldOfRefusal(error: unknown): FieldRefusal | null {
  const message = serverMessage(error);
  if (!message) return null;
  const named = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/s.exec(message);
  if (named?.[1] && named[2] && isField(named[1])) return { field: named[1], message: named[2] };
  // "…so its prices can only go down: 1 ticket would cost more…" is the ticket price itself; more tickets, a multibuy price.
  if (/prices can only go down: 1 ticket\b/.test(message)) return { field: "price", message };
  if (/multibuy|prices can only go down/i.test(message)) return { field: "priceTiers", message };
  if (message.startsWith("Choosing numbers")) return { field: "pickNumbers", message };
  if (/whether instant winners stay in the draw/i.test(message)) return { field: "instantWinnersInDraw", message };
  // The share of instant-win competitions on sale is shown with the prizes that make this one an instant win.
  if (/instant prizes?\b/i.test(message) || message.startsWith("Instant-win competitions would be")) return { field: "instantPrizes", message };
  return null;
}
