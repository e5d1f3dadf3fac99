import type { IncomingMessage, ServerResponse } from "node:http";
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from "trpc-to-openapi";
import { ResponseCache } from "../../src/server/http/response-cache";
import type { createRestHandler } from "../../src/server/http/rest";
import { chosenSuccessStatus } from "../../src/server/http/status";

/**
 * trpc-to-openapi's own Node handler behind the signature of http/rest.ts, for `createApp({ restHandler })`:
 * the app around it (request ids, the budget, body reading, the response cache) stays the same, so
 * any difference between two apps built with the two handlers is a difference between the handlers.
 * What ours adds on purpose is given to the library the way its API takes it: the success statuses
 * through `responseMeta`.
 */
export const createLibraryRestHandler: typeof createRestHandler = (opts) => {
  const responses = new WeakMap<object, ServerResponse>();
  const handler = createOpenApiNodeHttpHandler<OpenApiRouter, IncomingMessage, ServerResponse>({
    router: opts.router,
    createContext: async ({ req, res }) => {
      const ctx = await opts.createContext(req, res);
      responses.set(ctx, res);
      return ctx;
    },
    onError: ({ error, path }) => opts.onError?.({ error, path }),
    responseMeta: ({ ctx, paths, errors }) => {
      if (errors.length > 0) return {};
      const res = ctx ? responses.get(ctx) : undefined;
      const status = (res && chosenSuccessStatus(res)) ?? opts.successStatus?.[paths?.[0] ?? ""];
      return status ? { status } : {};
    },
  });
  return async (req, res, path, search, body) => {
    // app.ts has read the JSON body (within its size limit) and answers under /api: the library
    // takes an already-read body from req.body and routes on req.url.
    Object.assign(req, { body });
    req.url = search.size > 0 ? `${path}?${search}` : path;
    await handler(req, res);
  };
};

/** A response cache that never answers: every REST read reaches the handler being compared. */
export class PassThroughCache extends ResponseCache {
  override serve(): Promise<boolean> {
    return Promise.resolve(false);
  }

  override serveParts(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
