import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/routers/_app";

/** What the admin procedures answer, as the server declares it. */
export type AdminOutputs = inferRouterOutputs<AppRouter>["admin"];

export type PostalEntryView = AdminOutputs["draws"]["listPostal"][number];
export type PlayerAtRisk = AdminOutputs["protection"]["players"][number];
export type Complaint = AdminOutputs["protection"]["complaints"][number];
export type AuditEntry = AdminOutputs["protection"]["auditLog"][number];
