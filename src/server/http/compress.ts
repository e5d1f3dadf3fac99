import { extname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * How the built SPA is pre-compressed: once, at build time (a Vite plugin writes `.br` and `.gz`
 * beside each file), or at start-up for files that have none.
 */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

export function worthCompressing(path: string, bytes: number): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase()) && bytes > 512;
}

export const gzip = (raw: Buffer | Uint8Array): Buffer => gzipSync(raw, { level: 9 });

export const brotli = (raw: Buffer | Uint8Array): Buffer =>
  brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 18 } });
