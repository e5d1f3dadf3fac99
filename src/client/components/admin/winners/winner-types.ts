import type { z } from "zod";
import type { adminWinner } from "../../../../shared/schemas/admin";

export type AdminWinnerView = z.infer<typeof adminWinner>;
