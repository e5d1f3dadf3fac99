import { integer, text } from "drizzle-orm/sqlite-core";
import { uuidv7 } from "../ids";

/** Shared column builders so every table spells ids, flags and times the same way. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);
