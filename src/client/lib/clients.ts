import { createQueryClient } from "./query-client";
import { createTrpcClient } from "./trpc";

/** The app's one query cache and API client, shared by React and the hydration of a server-drawn page. */
export const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();
