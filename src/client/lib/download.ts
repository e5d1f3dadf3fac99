import { sessionHeaders } from "./session-token";

/** The file name a Content-Disposition header gives, or the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
}

/**
 * Downloads a file the server sends as it makes it (an export of every entry may be tens of
 * megabytes): it is read from the REST path (tRPC's JSON answers cannot carry a stream) with the
 * session, then handed to the browser as a download. A refusal throws with the server's message.
 */
export async function downloadFile(path: string, query: Record<string, string | undefined>, fallbackName: string): Promise<string> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
  const url = `/api${path}${params.size ? `?${params}` : ""}`;
  const res = await fetch(url, { headers: sessionHeaders(), credentials: "include" });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The download failed (${res.status})`);
  }
  const name = fileNameOf(res, fallbackName);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
