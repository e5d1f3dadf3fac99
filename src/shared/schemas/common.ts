import { z } from "zod";

/** The id of one row, as a path parameter or a field. */
export const recordId = z.string().min(1).max(64);

/** The input of a procedure that names one row and nothing more (GET or DELETE …/{id}). */
export const byId = z.strictObject({ id: recordId });

/** The answer of a write that has nothing more to say. */
export const successResult = z.object({ success: z.boolean() });

/**
 * A strict write body that also takes back the read-only fields its own read returns (`id`,
 * `createdAt`, `updatedAt`, figures…), so a client may PUT what it got from the GET. Those fields are
 * checked against the read's schema, then dropped before the service sees them; any other key is
 * still refused. The OpenAPI document lists them as optional.
 */
export function acceptingReadOnly<W extends z.ZodObject, R extends z.ZodObject, K extends keyof R["shape"] & string>(write: W, read: R, keys: readonly K[]) {
  for (const k of keys) if (k in write.shape) throw new Error(`${k} is written, not read-only`);
  const extra = Object.fromEntries(keys.map((k) => [k, (read.shape[k] as z.ZodType).optional().describe("Read-only: accepted and ignored")]));
  return write.extend(extra as { [P in K]: z.ZodOptional<R["shape"][P]> }).transform((body) => {
    const kept: Record<string, unknown> = { ...body };
    for (const k of keys) delete kept[k];
    return kept as z.output<W>;
  });
}

/** `?page=&pageSize=` of a customer's long list: both optional (none asked answers the list's plain array), pageSize capped. */
export const pageQuery = (maxPageSize: number) =>
  z
    .strictObject({
      page: z.coerce.number().int().min(1).max(1_000_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(maxPageSize).optional(),
    })
    .optional();

/** One page of a list: its items and where they stand in the whole ({ items, page, pageSize, total }, as the admin's paged lists answer). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
