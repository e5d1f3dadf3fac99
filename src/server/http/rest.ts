import { TRPCError } from "@trpc/server";
import { getErrorShape } from "@trpc/server/unstable-core-do-not-import";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  acceptsRequestBody,
  createProcedureCache,
  getErrorFromUnknown,
  getInputOutputParsers,
  instanceofZodTypeCoercible,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  TRPC_ERROR_CODE_HTTP_STATUS,
  unwrapZodType,
  zodSupportsCoerce,
  type OpenApiMethod,
  type OpenApiRouter,
} from "trpc-to-openapi";
import { ZodArray } from "zod/v4";
import type { Download } from "../services/paging/download";
import type { Meta } from "../trpc/meta";
import { sendDownload } from "./download";
import { chosenSuccessStatus } from "./status";

/**
 * The REST face: each `/api/...` path and method is the one declared in a procedure's `openapi`
 * meta, answered by calling that same procedure (all its middleware: sessions, roles, validation).
 * It behaves as trpc-to-openapi's node adapter does, built from that package's own pieces (route
 * table, input coercion, error codes and shapes), and differs only in what a launch-night peak
 * makes expensive: the JSON body arrives already parsed (app.ts reads it with the size limit),
 * the per-procedure input analysis is done once instead of on every request, and no WHATWG
 * Request is built around each Node request just to obtain an abort signal nothing here reads.
 * One difference is on purpose (see InputPlan.coerce): strings from the query and the path are
 * coerced as the library coerces them, but a JSON body keeps its types, as the document says.
 * tests/rest/rest-handler-conformance.test.ts compares the two handlers request by request.
 */
type Procedure = NonNullable<NonNullable<ReturnType<ReturnType<typeof createProcedureCache>>>["procedure"]>;

interface InputPlan {
  /** The procedure takes no input (z.void and the like). */
  none: boolean;
  /** Query-string keys whose schema is an array: one value still arrives as an array. */
  arrayKeys: string[];
  /**
   * Keys whose schema is a number, boolean, bigint or date, with the conversion zod's coercion
   * applies, for the strings of the query and the path. trpc-to-openapi sets `coerce` on the
   * procedure's own schema instead (coerceSchema), which also coerces a JSON body (so
   * `"restricted": "false"` would restrict an account) and, the schema being shared, the tRPC face.
   */
  coerce: Map<string, (value: unknown) => unknown>;
}

/** What zod's `z.coerce.*` does to a value, by schema type. */
const COERCIONS: Record<string, (value: unknown) => unknown> = {
  number: Number,
  boolean: Boolean,
  bigint: (value) => {
    try {
      return BigInt(value as string);
    } catch {
      return value;
    }
  },
  date: (value) => new Date(value as string),
};

export interface RestOptions<Ctx> {
  router: OpenApiRouter;
  createContext: (req: IncomingMessage, res: ServerResponse) => Ctx | Promise<Ctx>;
  onError?: (opts: { error: TRPCError; path: string | undefined }) => void;
  /** Success status by procedure path, when not 200. */
  successStatus?: Record<string, number>;
  /** Told which procedure a request's method and path matched (the request metrics' route label). */
  onMatch?: (req: IncomingMessage, procedurePath: string) => void;
}

export function createRestHandler<Ctx extends object>(opts: RestOptions<Ctx>) {
  const { router } = opts;
  const getProcedure = createProcedureCache(router);
  const plans = new WeakMap<object, InputPlan>();

  const planFor = (procedure: Procedure): InputPlan => {
    let plan = plans.get(procedure.procedure);
    if (plan) return plan;
    const { inputParser } = getInputOutputParsers(procedure.procedure);
    const schema = unwrapZodType(inputParser, true);
    const arrayKeys: string[] = [];
    const coerce = new Map<string, (value: unknown) => unknown>();
    if (zodSupportsCoerce && instanceofZodTypeObject(schema)) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        const inner = instanceofZodTypeOptional(shape as never) ? (shape as unknown as { unwrap: () => unknown }).unwrap() : shape;
        if (inner instanceof ZodArray) arrayKeys.push(key);
        // The same keys the library's coerceSchema would coerce (an array's elements included).
        if (instanceofZodTypeCoercible(shape as never))
          coerce.set(key, COERCIONS[(unwrapZodType(shape as never, false) as { _zod: { def: { type: string } } })._zod.def.type]!);
      }
    }
    plan = { none: instanceofZodTypeLikeVoid(schema), arrayKeys, coerce };
    plans.set(procedure.procedure, plan);
    return plan;
  };

  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json");
    res.end(body === undefined || req.method === "HEAD" ? undefined : JSON.stringify(body));
  };

  /** `path` is the part after `/api`; `body` the parsed JSON body of a POST, PUT or PATCH. */
  return async (req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams, body: unknown): Promise<void> => {
    // HEAD is a GET without the body, as HTTP has it (an unknown path is a 404 either way).
    const method = (req.method === "HEAD" ? "GET" : (req.method ?? "GET")) as OpenApiMethod;
    const found = getProcedure(method, normalizePath(path));
    const procedure = found?.procedure;
    let input: Record<string, unknown> | undefined;
    let ctx: Ctx | undefined;
    try {
      if (!procedure) throw new TRPCError({ message: "Not found", code: "NOT_FOUND" });
      opts.onMatch?.(req, procedure.path);
      const plan = planFor(procedure);
      const useBody = acceptsRequestBody(method);
      if (!plan.none) {
        let given: Record<string, unknown>;
        if (useBody) {
          // Fields travel in an object; any other JSON (a number, a list) is not a request.
          if (body !== null && body !== undefined && (typeof body !== "object" || Array.isArray(body))) {
            throw new TRPCError({ code: "BAD_REQUEST", message: "The request body must be a JSON object" });
          }
          given = (body ?? {}) as Record<string, unknown>;
        } else {
          given = {};
          for (const key of new Set(search.keys())) {
            const values = search.getAll(key);
            given[key] = values.length === 1 && !plan.arrayKeys.includes(key) ? values[0] : values;
          }
        }
        input = { ...given, ...found.pathInput };
        for (const [key, coerce] of plan.coerce) {
          const value = input[key];
          if (value === undefined || (useBody && !Object.hasOwn(found.pathInput, key))) continue;
          input[key] = plan.arrayKeys.includes(key) && Array.isArray(value) ? value.map(coerce) : coerce(value);
        }
      }
      ctx = await opts.createContext(req, res);
      const caller = router.createCaller(ctx) as unknown as Record<string, unknown>;
      const call = procedure.path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (i: unknown) => Promise<unknown>;
      const data = await call(input);
      const download = (procedure.procedure._def.meta as Meta | undefined)?.download;
      if (download) {
        await sendDownload(req, res, download.contentType, data as Download, (cause) =>
          opts.onError?.({ error: getErrorFromUnknown(cause), path: procedure.path }),
        );
        return;
      }
      send(req, res, chosenSuccessStatus(res) ?? opts.successStatus?.[procedure.path] ?? 200, data);
    } catch (cause) {
      const error = getErrorFromUnknown(cause);
      opts.onError?.({ error, path: procedure?.path });
      const shape = getErrorShape({
        config: router._def._config,
        error,
        type: procedure?.type ?? "unknown",
        path: procedure?.path,
        input,
        ctx,
      }) as Record<string, unknown> & { message?: string };
      const invalidInput = error.code === "BAD_REQUEST" && error.cause instanceof Error && error.cause.name === "ZodError";
      send(req, res, TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500, {
        ...shape,
        message: invalidInput ? "Input validation failed" : (shape?.message ?? error.message ?? "An error occurred"),
        code: error.code,
        issues: invalidInput ? (error.cause as unknown as { issues: unknown }).issues : undefined,
      });
    }
  };
}
