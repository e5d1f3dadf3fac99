import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/routers/_app";

export type Setting = inferRouterOutputs<AppRouter>["admin"]["settings"]["list"][number];
