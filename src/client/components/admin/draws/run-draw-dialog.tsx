import { useState, type FormEvent } from "react";
import { closeEarlyConfirmation, drawTooEarlyReason } from "../../../../shared/draw-timing";
import type { AdminCompetition } from "../../../../shared/schemas/admin";
import type { CloseEarlyInput } from "../../../../shared/schemas/draws";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";

interface RunDrawDialogProps {
  open: boolean;
  competition: AdminCompetition;
  pending: boolean;
  /** The server's refusal of the last attempt, shown in the dialog. */
  refusal?: string | null;
  /** The server said it is too early (even if this browser's clock thinks otherwise). */
  tooEarly?: boolean;
  onConfirm: (beacon: string | undefined, closeEarly: CloseEarlyInput | undefined) => void;
  onClose: () => void;
}

/** Why this competition cannot be drawn yet (its end date is to come), in the server's words; null when it can. */
export function earlyDrawReason(c: Pick<AdminCompetition, "endDate" | "drawDate" | "allowPostalEntry" | "status">, now = new Date()): string | null {
  return drawTooEarlyReason({ endDate: new Date(c.endDate), drawDate: new Date(c.drawDate), allowPostalEntry: c.allowPostalEntry, status: c.status }, now);
}

/**
 * The last question before a draw that cannot be taken back; an external beacon may be mixed in.
 * Before the end date it says why the draw must wait, and offers the deliberate way round: close the
 * competition early by typing the end date being brought forward.
 */
export function RunDrawDialog({ open, competition: c, pending, refusal, tooEarly, onConfirm, onClose }: RunDrawDialogProps) {
  return (
    <AdminDialog open={open} onClose={() => (pending ? undefined : onClose())} title="Run the draw?" size="md">
      <RunDrawForm competition={c} pending={pending} refusal={refusal} tooEarly={tooEarly} onConfirm={onConfirm} onClose={onClose} />
    </AdminDialog>
  );
}

function RunDrawForm({ competition: c, pending, refusal, tooEarly, onConfirm, onClose }: Omit<RunDrawDialogProps, "open">) {
  const [beacon, setBeacon] = useState("");
  const [typedDate, setTypedDate] = useState("");
  const [dateError, setDateError] = useState<string | null>(null);
  const reason = earlyDrawReason(c) ?? (tooEarly ? (refusal ?? null) : null);
  const early = reason !== null;
  const endDate = closeEarlyConfirmation({ endDate: new Date(c.endDate) });
  const salesOpen = c.status === "active";
  const winners = c.numberOfWinners === 1 ? "1 winner" : `${c.numberOfWinners} winners`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (early && typedDate.trim() !== endDate) {
      setDateError(`Type the current end date, ${endDate}, to close the competition early.`);
      return;
    }
    setDateError(null);
    onConfirm(beacon.trim() || undefined, early ? { confirmEndDate: typedDate.trim() } : undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {early ? (
        <div className="rounded-xl border border-wheat-300 bg-wheat-50 px-4 py-3 text-sm text-stone-800" data-testid="draw-too-early">
          <p className="font-semibold text-field-900">Too early to draw</p>
          <p className="mt-1">{reason}</p>
          <p className="mt-2">
            To draw now anyway, close <strong className="font-semibold">“{c.title}”</strong> early on purpose: its end date is brought forward to now, sales and
            postal entries stop for good, the change is recorded in the audit log, and the draw runs.
          </p>
        </div>
      ) : (
        <p className="text-stone-800">
          Draw {winners} for <strong className="font-semibold text-field-900">“{c.title}”</strong> now. The result is final and published on the competition's
          draw record.
        </p>
      )}
      {!early && salesOpen ? (
        <p className="rounded-xl border border-wheat-200 bg-wheat-50 px-4 py-3 text-sm text-stone-800">
          Sales are still open: running the draw closes them first, and no more entries or postal entries can be added.
        </p>
      ) : null}
      {refusal && refusal !== reason ? (
        <p role="alert" className="rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800">
          {refusal}
        </p>
      ) : null}
      {early ? (
        <TextField
          label="End date to bring forward"
          autoComplete="off"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          hint={`Type ${endDate}, the current end date, to confirm closing early.`}
          error={dateError ?? undefined}
          value={typedDate}
          maxLength={10}
          onChange={(e) => setTypedDate(e.target.value)}
        />
      ) : null}
      <TextField
        label="Beacon"
        optional
        autoComplete="off"
        hint="Only a public random value fixed before sales closed (a beacon round, a lottery number). Leave empty otherwise."
        value={beacon}
        maxLength={200}
        onChange={(e) => setBeacon(e.target.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {early ? "Close early and run draw" : "Confirm"}
        </Button>
      </DialogActions>
    </form>
  );
}
