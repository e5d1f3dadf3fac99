import { createBrowserRouter } from "react-router-dom";
import { keyFreshHistoryEntry } from "./lib/fresh-history-entry";
import { routes } from "./routes";

// Before the router reads the entry: a full load must not share scroll positions with other full loads.
keyFreshHistoryEntry();

export const router = createBrowserRouter(routes);
