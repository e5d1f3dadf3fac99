import type { ServerResponse } from "node:http";

/**
 * A REST success status chosen by the procedure at run time (202 for an order still being paid),
 * where the declared one does not fit. tRPC answers ignore it: their clients read the body.
 */
const chosen = new WeakMap<ServerResponse, number>();

export function chooseSuccessStatus(res: ServerResponse, status: number): void {
  chosen.set(res, status);
}

export function chosenSuccessStatus(res: ServerResponse): number | undefined {
  return chosen.get(res);
}
