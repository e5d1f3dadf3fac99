import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { decimalToPence, formatPrice } from "../../../../shared/money";
import { Card } from "../../ui/card";
import { EmptyState } from "../ui/feedback";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { pounds } from "./daily-series";

interface TopCampaign {
  competitionId: string;
  title: string;
  revenue: string;
  ticketsSold: number;
}

const short = (title: string) => (title.length > 22 ? `${title.slice(0, 21)}…` : title);

/** The five campaigns with the most paid revenue: a table, and the same as bars. */
export function TopCampaigns({ campaigns }: { campaigns: TopCampaign[] }) {
  const data = campaigns.map((c) => ({ name: short(c.title), revenue: (decimalToPence(c.revenue) ?? 0) / 100 }));
  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">Top Campaigns</h2>
      {campaigns.length === 0 ? (
        <EmptyState title="No paid entries yet" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Table caption="Top 5 campaigns by paid revenue" minWidth="24rem">
            <THead>
              <Th>Campaign</Th>
              <Th className="text-right">Tickets</Th>
              <Th className="text-right">Revenue</Th>
            </THead>
            <TBody>
              {campaigns.map((c) => (
                <tr key={c.competitionId}>
                  <Td className="font-semibold">{c.title}</Td>
                  <Td className="text-right tabular-nums">{c.ticketsSold}</Td>
                  <Td className="text-right font-semibold tabular-nums">{formatPrice(c.revenue)}</Td>
                </tr>
              ))}
            </TBody>
          </Table>
          <div className="h-64 w-full" role="img" aria-label="Bar chart of the same revenue figures">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#efe6d2" horizontal={false} />
                <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={(v: number) => `£${v}`} />
                <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(value) => pounds(Number(value))} />
                <Bar dataKey="revenue" name="Revenue" fill="#2f6636" radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
      )}
    </Card>
  );
}
