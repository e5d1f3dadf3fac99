import { Link } from "react-router-dom";
import { AdminBadge } from "../ui/badges";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { customerPath, fullName, shortDate, type CustomerSummary } from "./customer-types";
import { VerifiedBadge } from "./verified-badge";

const linkClasses = "font-semibold text-field-800 underline underline-offset-2 hover:text-field-950";

function Flags({ c }: { c: CustomerSummary }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <VerifiedBadge verified={c.emailVerified} />
      {c.role === "admin" ? <AdminBadge className="bg-field-800 text-white">Admin</AdminBadge> : null}
      {c.isActive ? null : <AdminBadge className="bg-stone-200 text-stone-700">Inactive</AdminBadge>}
    </span>
  );
}

/** One page of customers: a table on wider screens, cards on a phone; each opens the customer's record. */
export function CustomersList({ customers }: { customers: CustomerSummary[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table caption="Customers" minWidth="48rem">
          <THead>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Phone</Th>
            <Th>Postcode</Th>
            <Th>Status</Th>
            <Th>Member Since</Th>
          </THead>
          <TBody>
            {customers.map((c) => (
              <tr key={c.id}>
                <Td>
                  <Link to={customerPath(c.id)} className={linkClasses}>
                    {fullName(c)}
                  </Link>
                </Td>
                <Td className="break-all text-stone-700">{c.email}</Td>
                <Td className="whitespace-nowrap text-stone-700">{c.phone ?? "—"}</Td>
                <Td className="whitespace-nowrap text-stone-700">
                  {c.postcode ?? "—"}
                  {c.city ? <p className="text-xs text-stone-600">{c.city}</p> : null}
                </Td>
                <Td>
                  <Flags c={c} />
                </Td>
                <Td className="whitespace-nowrap text-stone-700">{shortDate(c.createdAt)}</Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Customers">
        {customers.map((c) => (
          <li key={c.id} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
            <Link to={customerPath(c.id)} className={`${linkClasses} text-lg`}>
              {fullName(c)}
            </Link>
            <p className="text-sm break-all text-stone-700">{c.email}</p>
            <p className="mt-1 text-sm text-stone-700">{[c.phone, c.postcode, c.city].filter(Boolean).join(" · ") || "No phone or address"}</p>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <Flags c={c} />
              <span className="text-xs text-stone-600">Since {shortDate(c.createdAt)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
