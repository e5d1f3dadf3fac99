/**
 * tRPC is created here, once. Only `router`, `createCallerFactory`, `middleware` and the base
 * procedure leave this file; `t` never does.
 */
import { initTRPC } from "@trpc/server";
import { ZodError, z } from "zod";
import { APP_CODE_BY_TRPC_CODE, type AppErrorCode } from "../../shared/errors";
import { AppError, internalErrorMessage } from "../errors";
import type { Context } from "./context";
import type { Meta } from "./meta";

// 1. Initialisation: the error formatter gives forms their field errors and never a stack trace.
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const cause = error.cause;
      // Field errors belong to the caller's input; a failing output check is our fault, not theirs to read.
      const zodError = cause instanceof ZodError && error.code === "BAD_REQUEST" ? z.flattenError(cause) : null;
      const { stack: _stack, ...data } = shape.data as typeof shape.data & { stack?: string };
      // An unexpected failure says nothing of its cause (SQLite's text, a file path…), only a reference.
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const appCode: AppErrorCode = cause instanceof AppError ? cause.code : (APP_CODE_BY_TRPC_CODE[error.code] ?? "INTERNAL");
      return {
        ...shape,
        // The domain code at the top as well, where a REST client reads its error body.
        appCode,
        message: zodError ? firstIssueMessage(cause as ZodError) : internal ? internalErrorMessage(ctx?.requestId) : shape.message,
        data: {
          ...data,
          requestId: internal || error.code === "SERVICE_UNAVAILABLE" ? ctx?.requestId : undefined,
          zodError,
          appCode,
          details: cause instanceof AppError ? cause.details : undefined,
        },
      };
    },
  });

function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const path = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${path}${issue.message}`;
}

// 2. What the rest of the server may use.
export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure;
