/**
 * Stripe's request encoding: form fields with bracketed keys (`metadata[orderId]=…`, `expand[0]=…`,
 * `expand[]=…`), in the body of a POST and the query of a GET. The stand-in also takes JSON bodies
 * on its own `/_test` routes, for a browser stub's `fetch`.
 */
export type Params = { [key: string]: string | Params | Array<string | Params> };

export function parseParams(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!m) continue;
    set(root, [m[1]!, ...[...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((b) => b[1]!)], value);
  }
  return root;
}

function set(target: Params | Array<string | Params>, parts: string[], value: string): void {
  const [head, ...rest] = parts;
  if (head === undefined) return;
  if (Array.isArray(target)) {
    const index = head === "" ? target.length : Number(head);
    if (rest.length === 0) target[index] = value;
    // A list holds strings or objects (`items[0][price]`), never lists.
    else set((target[index] ??= {}) as Params, rest, value);
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = (target[head] ??= childFor(rest[0]!));
  if (typeof child !== "string") set(child, rest, value);
}

/** `[0]` and `[]` make a list, like the qs library Stripe's SDKs encode for. */
function childFor(next: string): Params | string[] {
  return next === "" || /^\d+$/.test(next) ? [] : {};
}

/** A JSON body flattened to strings, so both encodings read the same. */
export function jsonParams(value: unknown): Params {
  const out: Params = {};
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === null) continue;
      out[k] = typeof v === "object" ? (Array.isArray(v) ? v.map((x) => (typeof x === "object" ? jsonParams(x) : String(x))) : jsonParams(v)) : String(v);
    }
  }
  return out;
}

export const str = (p: Params, key: string): string | undefined => (typeof p[key] === "string" ? (p[key] as string) : undefined);
export const obj = (p: Params, key: string): Params => (p[key] && typeof p[key] === "object" && !Array.isArray(p[key]) ? (p[key] as Params) : {});
export const list = (p: Params, key: string): string[] => {
  const v = p[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return typeof v === "string" ? [v] : [];
};
export const flag = (p: Params, key: string): boolean => str(p, key) === "true";

/** Metadata as Stripe keeps it: string values only. */
export function metadataOf(p: Params): Record<string, string> {
  const m = obj(p, "metadata");
  return Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** One `field:'value'` clause of Stripe's search query language. */
export interface SearchClause {
  field: string;
  metadataKey?: string;
  value: string;
}

/**
 * The part of the search query language the shop uses: clauses like `metadata['orderId']:'…'`
 * or `status:'succeeded'` joined by AND. Anything else is refused as Stripe refuses a bad query.
 */
export function parseSearchQuery(query: string): SearchClause[] | null {
  const clauses: SearchClause[] = [];
  for (const part of query.split(/\s+AND\s+/)) {
    const m = /^\s*(metadata\[(['"])(.+?)\2\]|[a-z_]+)\s*:\s*(['"])(.*)\4\s*$/.exec(part);
    if (!m) return null;
    clauses.push(m[3] ? { field: "metadata", metadataKey: m[3], value: m[5]! } : { field: m[1]!, value: m[5]! });
  }
  return clauses;
}
