import type { AnyRouter } from "@trpc/server";
import type { oas31 } from "zod-openapi";
import { SESSION_COOKIE } from "../auth/cookies";
import { audienceOf } from "../trpc/audience";
import { documentedOperations } from "./openapi-operations";

/** The three ways a request names its session (trpc/context.ts `readSessionToken`), header first. */
const SCHEMES: Record<string, oas31.SecuritySchemeObject> = {
  sessionToken: { type: "apiKey", in: "header", name: "x-session-token", description: "The token that login and register return." },
  bearerToken: { type: "http", scheme: "bearer", description: "The same token as `Authorization: Bearer <token>`." },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The HttpOnly cookie that login and register set. A write sent with it must carry this site's Origin (403 CROSS_SITE otherwise).",
  },
};

const SIGNED_IN: oas31.SecurityRequirementObject[] = Object.keys(SCHEMES).map((name) => ({ [name]: [] }));
/** `{}` first: a public operation needs no session, and uses one when sent (a signed-in buyer, logout). */
const OPTIONAL: oas31.SecurityRequirementObject[] = [{}, ...SIGNED_IN];

/**
 * Who may call each operation, as the procedure's builder decides: public operations take a
 * session optionally, customer and admin ones require one (401 without; 403 for a non-admin on an
 * admin operation). trpc-to-openapi would mark every operation protected unless its meta said
 * otherwise; the builder is the one source of truth, so it is read from there.
 */
export function declareAccess(document: oas31.OpenAPIObject, router: AnyRouter): void {
  document.components = { ...document.components, securitySchemes: SCHEMES };
  for (const { operation, procedure } of documentedOperations(document, router)) {
    operation.security = [...(audienceOf(procedure) === "public" ? OPTIONAL : SIGNED_IN)];
  }
}
