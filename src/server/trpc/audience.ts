import { adminProcedure, customerProcedure, publicProcedure } from "./procedures";

/** Who may call a procedure: the builder it was made with decides (rule 2 of STYLE.md). */
export type Audience = "public" | "customer" | "admin";

interface WithMiddlewares {
  _def: { middlewares: readonly unknown[] };
}

// Most demanding first: an admin procedure's chain also begins with the customer and public walls.
const BUILDERS: Array<[Audience, WithMiddlewares]> = [
  ["admin", adminProcedure as unknown as WithMiddlewares],
  ["customer", customerProcedure as unknown as WithMiddlewares],
  ["public", publicProcedure as unknown as WithMiddlewares],
];

/**
 * The audience of a procedure, read from its middleware chain: a procedure built on a builder
 * starts with exactly that builder's middlewares. So the REST document (and anything else that
 * needs to know) follows the walls the procedure really has, never a list kept beside them.
 */
export function audienceOf(procedure: unknown): Audience {
  const chain = (procedure as WithMiddlewares)._def.middlewares;
  for (const [audience, builder] of BUILDERS) {
    const walls = builder._def.middlewares;
    if (walls.every((middleware, i) => chain[i] === middleware)) return audience;
  }
  throw new Error("A procedure not built on publicProcedure, customerProcedure or adminProcedure");
}
