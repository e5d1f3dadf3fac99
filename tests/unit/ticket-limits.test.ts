import { describe, expect, it } from "vitest";
import { entryForm } from "../../src/shared/schemas/entry";
import { ticketsProblem } from "../../src/shared/ticket-limits";

describe("the number of entries as the competition page checks it without zod", () => {
  it("gives the entry schema's answer, word for word, for whatever is typed", () => {
    const typed = ["1", "3", "100", "101", "0", "-2", "2.5", "", " ", "abc", "1e2", "1e3", "0x10", " 7 ", "99.0", "Infinity"];
    for (const value of typed) {
      const schema = entryForm.shape.tickets.safeParse(value).error?.issues[0]?.message ?? null;
      expect(ticketsProblem(value), JSON.stringify(value)).toBe(schema);
    }
  });
});
