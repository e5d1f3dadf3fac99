import { blob, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag } from "./columns";

/**
 * Uploaded media kept in the database, for a shop on PostgreSQL, where every process must serve the same
 * files (src/server/storage/postgres.ts; docs/decisions/015-postgresql-beside-sqlite.md). On SQLite the
 * media stay files on disk and these tables stay empty.
 *
 * An object is its key's current upload: the bytes are rows of chunks under the upload's id, so an
 * upload streams in without being held in memory, and the object appears only when its row points at it.
 */
export const mediaObjects = sqliteTable("media_objects", {
  key: text("key").primaryKey(),
  uploadId: text("upload_id").notNull(),
  contentType: text("content_type").notNull(),
  /** An image decoded and written again without its metadata (EXIF, GPS…). */
  cleaned: flag("cleaned", false),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

export const mediaChunks = sqliteTable(
  "media_chunks",
  {
    uploadId: text("upload_id").notNull(),
    seq: integer("seq").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);
