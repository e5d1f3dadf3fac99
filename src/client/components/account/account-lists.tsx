import { MyWinsList } from "../claims/my-wins-list";
import type { CustomerWin } from "../claims/use-my-wins";

interface Loaded<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/** My Wins: the wins with their prize claims (issue #17), each linking to its claim page. */
export function WinsList({ query }: { query: Loaded<CustomerWin> }) {
  return <MyWinsList wins={query} />;
}
