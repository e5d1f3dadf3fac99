import { z } from "zod";

/**
 * A file made as it is sent: its name and its text in pieces. A procedure whose meta declares a
 * `download` returns one; the REST face writes the pieces as they come (http/download.ts), so
 * nothing holds the whole file and other requests are answered between pieces.
 */
export interface Download {
  filename: string;
  body: AsyncIterable<string>;
}

/** A JSON array written a chunk of items at a time: "[", the items separated by commas, "]". */
export async function* jsonArray<T>(chunks: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const chunk of chunks) {
    if (!chunk.length) continue;
    const text = chunk.map((item) => JSON.stringify(item)).join(",");
    yield first ? text : `,${text}`;
    first = false;
  }
  yield "]";
}

/** Reads a whole download into one string (tests, and small files). */
export async function downloadText(download: Download): Promise<string> {
  let text = "";
  for await (const piece of download.body) text += piece;
  return text;
}

/** The output schema of a procedure that returns a download (its meta says what the file holds). */
export const downloadOutput = z.custom<Download>(
  (value) =>
    typeof value === "object" && value !== null && typeof (value as Download).filename === "string" && Symbol.asyncIterator in (value as Download).body,
);
