import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card } from "../../ui/card";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { pounds, type DayPoint } from "./daily-series";

const FIELD = "#2f6636";
const WHEAT = "#d49421";

/** Entries (bars) and paid revenue (line) per day for the last 30 days, with the numbers as a table too. */
export function DailyChart({ points }: { points: DayPoint[] }) {
  const totalEntries = points.reduce((n, p) => n + p.entries, 0);
  return (
    <Card>
      <h2 className="text-xl font-bold">Last 30 Days</h2>
      <p className="mb-4 text-sm text-stone-700">Entries per day and paid revenue per day.</p>
      <div role="img" aria-label={`Chart of daily entries and revenue over the last 30 days: ${totalEntries} entries in all.`} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#efe6d2" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis yAxisId="entries" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
            <YAxis yAxisId="revenue" orientation="right" tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => `£${v}`} />
            <Tooltip formatter={(value, name) => (name === "Revenue" ? pounds(Number(value)) : value)} />
            <Legend />
            <Bar yAxisId="entries" dataKey="entries" name="Entries" fill={FIELD} radius={[4, 4, 0, 0]} />
            <Line yAxisId="revenue" dataKey="revenue" name="Revenue" stroke={WHEAT} strokeWidth={2} dot={false} type="monotone" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-field-700">Show the numbers</summary>
        <div className="mt-3">
          <Table caption="Daily entries and revenue" minWidth="20rem">
            <THead>
              <Th>Day</Th>
              <Th className="text-right">Entries</Th>
              <Th className="text-right">Revenue</Th>
            </THead>
            <TBody>
              {points.map((p) => (
                <tr key={p.day}>
                  <Td>{p.label}</Td>
                  <Td className="text-right tabular-nums">{p.entries}</Td>
                  <Td className="text-right tabular-nums">{pounds(p.revenue)}</Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </Card>
  );
}
