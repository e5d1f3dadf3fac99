import type { IncomingMessage, ServerResponse } from "node:http";
import type { Download } from "../services/paging/download";

/** Resolves when the response can take more (or has gone: a client that left stops the file). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Sends a download as it is made: each piece is written when the client has taken the last one
 * (so a slow client slows the reading, not the server's memory), and the service's generator
 * lets other requests run between pieces. A failure before the first piece is an ordinary error
 * answer (thrown to the caller); one after it cuts the connection, so the client sees a broken
 * download rather than a short file.
 */
export async function sendDownload(
  req: IncomingMessage,
  res: ServerResponse,
  contentType: string,
  file: Download,
  onError: (err: unknown) => void,
): Promise<void> {
  const pieces = file.body[Symbol.asyncIterator]();
  let piece = await pieces.next();
  res.statusCode = 200;
  res.setHeader("Content-Type", `${contentType}; charset=utf-8`);
  res.setHeader("Content-Disposition", `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`);
  if (req.method === "HEAD") {
    await pieces.return?.(undefined);
    res.end();
    return;
  }
  try {
    while (!piece.done && !res.destroyed) {
      if (!res.write(piece.value)) await drained(res);
      if (res.destroyed) break;
      piece = await pieces.next();
    }
    if (piece.done) res.end();
    else await pieces.return?.(undefined);
  } catch (err) {
    onError(err);
    res.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
