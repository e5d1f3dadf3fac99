import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useId, useState } from "react";
import { formatPrice } from "../../../../shared/money";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { failureToast } from "../ui/admin-toasts";
import { AdminBadge } from "../ui/badges";
import type { PlayerAtRisk } from "../ui/router-types";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { DateOfBirthDialog } from "./date-of-birth-dialog";
import { RestrictDialog } from "./restrict-dialog";
import { isRestricted, suspensionText } from "./suspension";

/** Players showing signs of harm, the figures that flagged them, and what an admin can do. */
export function PlayersTable({ players }: { players: PlayerAtRisk[] }) {
  const trpc = useTRPC();
  const [restricting, setRestricting] = useState<PlayerAtRisk | null>(null);
  const [signingOut, setSigningOut] = useState<PlayerAtRisk | null>(null);
  const [correcting, setCorrecting] = useState<PlayerAtRisk | null>(null);
  const revoke = useMutation(
    trpc.admin.users.revokeSessions.mutationOptions({
      onSuccess: ({ revoked }, { userId }) => {
        const name = players.find((p) => p.userId === userId)?.name ?? "The player";
        toast.success("Signed out everywhere", `${name}: ${revoked === 1 ? "1 session" : `${revoked} sessions`} ended.`);
        setSigningOut(null);
      },
      onError: (error) => failureToast("Failed to sign the player out", error),
    }),
  );

  return (
    <>
      <Table caption="Players showing signs of harm" minWidth="64rem">
        <THead>
          <Th>Player</Th>
          <Th>Signals</Th>
          <Th className="min-w-24 text-right whitespace-normal!">30-Day Spend</Th>
          <Th className="min-w-24 text-right whitespace-normal!">Orders in 24h</Th>
          <Th className="min-w-24 text-right whitespace-normal!">Monthly Limit</Th>
          <Th>Suspension</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </THead>
        <TBody>
          {players.map((p) => (
            <PlayerRow
              key={p.userId}
              player={p}
              onRestrict={() => setRestricting(p)}
              onSignOut={() => setSigningOut(p)}
              onChangeDateOfBirth={() => setCorrecting(p)}
            />
          ))}
        </TBody>
      </Table>
      <RestrictDialog player={restricting} onClose={() => setRestricting(null)} />
      <DateOfBirthDialog player={correcting} onClose={() => setCorrecting(null)} />
      <ConfirmDialog
        open={signingOut !== null}
        title="Sign out everywhere?"
        confirmLabel="Confirm"
        pending={revoke.isPending}
        onClose={() => setSigningOut(null)}
        onConfirm={() => signingOut && revoke.mutate({ userId: signingOut.userId, reason: "Player protection: signed out everywhere" })}
      >
        <p>
          End every session of <strong className="font-semibold text-stone-900">{signingOut?.name}</strong> ({signingOut?.email}) on every device. They can sign
          in again unless their account is restricted.
        </p>
      </ConfirmDialog>
    </>
  );
}

interface PlayerRowProps {
  player: PlayerAtRisk;
  onRestrict: () => void;
  onSignOut: () => void;
  onChangeDateOfBirth: () => void;
}

function PlayerRow({ player: p, onRestrict, onSignOut, onChangeDateOfBirth }: PlayerRowProps) {
  const nameId = useId();
  const suspension = suspensionText(p);
  const restricted = isRestricted(p);
  return (
    <tr>
      <Td className="max-w-56">
        <p id={nameId} className="font-semibold">
          {p.name}
        </p>
        <p className="text-stone-600 [overflow-wrap:anywhere]">{p.email}</p>
        <Link
          to={`/admin/entries?search=${encodeURIComponent(p.email)}`}
          aria-label={`Entries and orders of ${p.name}`}
          className="text-sm font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
        >
          Entries and orders
        </Link>
        <Link
          to={`/admin/customers/${encodeURIComponent(p.userId)}`}
          aria-label={`Customer record of ${p.name}`}
          className="block text-sm font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
        >
          Customer record
        </Link>
      </Td>
      <Td className="min-w-52">
        {p.signals.length ? (
          <ul className="list-disc space-y-1 pl-4 text-stone-800">
            {p.signals.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        ) : (
          <span className="text-stone-600">None now</span>
        )}
      </Td>
      <Td className="text-right font-semibold tabular-nums">{formatPrice(p.spent30Days)}</Td>
      <Td className="text-right tabular-nums">{p.ordersLast24h}</Td>
      <Td className="text-right tabular-nums">{p.monthlyLimit === null ? <span className="text-stone-600">None set</span> : formatPrice(p.monthlyLimit)}</Td>
      <Td>
        {suspension ? (
          <AdminBadge className={restricted ? "bg-danger-100 text-danger-800" : "max-w-40 whitespace-normal! bg-wheat-100 text-wheat-800"}>
            {suspension}
          </AdminBadge>
        ) : (
          <span className="text-stone-600">None</span>
        )}
      </Td>
      <Td>
        {/* The visible text is the button's name; the player it acts on is its description. */}
        <div className="flex flex-col items-stretch gap-2">
          <Button size="sm" variant={restricted ? "secondary" : "danger"} onClick={onRestrict} aria-describedby={nameId} className="whitespace-nowrap">
            {restricted ? "Lift restriction" : "Restrict account"}
          </Button>
          <Button size="sm" variant="secondary" onClick={onSignOut} aria-describedby={nameId} className="whitespace-nowrap">
            Sign out everywhere
          </Button>
          <Button size="sm" variant="secondary" onClick={onChangeDateOfBirth} aria-describedby={nameId} className="whitespace-nowrap">
            Change date of birth
          </Button>
        </div>
      </Td>
    </tr>
  );
}
