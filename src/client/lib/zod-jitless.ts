/**
 * The browser's zod (vite.config.ts points `zod` here for the storefront's build): the same library,
 * told before any schema is built not to compile validators with `new Function`. The page's
 * content-security policy forbids that (`script-src 'self'`), and zod's probe for it would be
 * reported as a violation on every page; the forms' validation is as strict without it.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
