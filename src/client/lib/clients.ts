import { createQueryClient } from "./query-client";
import { createTrpcClient } from "./trpc";

/** The app's one query cache and API client, shared by React and the start-up warm-up. */
export const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();
