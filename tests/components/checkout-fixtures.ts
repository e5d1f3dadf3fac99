import type { AuthUser } from "../../src/shared/schemas/auth";
import type { OrderResult } from "../../src/shared/schemas/entry";
import { publicCompetition } from "../factories/public-competition";
import { customer } from "./users";
import { orderReference } from "../../src/shared/order-reference";

/** An open competition for the checkout tests: £2.50 a ticket, no question. */
export const SPADE = publicCompetition({ id: "comp-spade", title: "Garden Spade", startDate: "2020-01-01T00:00:00.000Z" });

export const CUSTOMER: AuthUser = customer({ address: "1 Farm Lane", city: "Hereford", postcode: "HR1 1AA" });

export const PAID_ORDER: OrderResult = {
  id: "order-1",
  orderId: "order-1",
  reference: orderReference("order-1"),
  status: "paid",
  amount: "5.00",
  currency: "GBP",
  createdAt: "2025-11-21T14:05:00.000Z",
  lines: [
    {
      entryId: "entry-1",
      competitionId: SPADE.id,
      competitionTitle: SPADE.title,
      quantity: 2,
      amount: "5.00",
      unitPrice: "2.50",
      saving: "0.00",
      discount: "0.00",
      ticketNumbers: ["0007", "0042"],
      status: "paid",
    },
  ],
  creditUsed: "0.00",
  discount: "0.00",
  discountCode: null,
  payment: null,
  refunds: [],
  nextAction: null,
  instantWins: [],
};

/** Two tickets for the spade, as the cart stores them. */
export const SPADE_LINE = { competitionId: SPADE.id, title: SPADE.title, image: SPADE.image, price: SPADE.price, quantity: 2 };
