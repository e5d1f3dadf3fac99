import { useState, type FormEvent } from "react";
import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";

interface RunDrawDialogProps {
  open: boolean;
  competition: AdminCompetition;
  pending: boolean;
  onConfirm: (beacon: string | undefined) => void;
  onClose: () => void;
}

/** The last question before a draw that cannot be taken back; an external beacon may be mixed in. */
export function RunDrawDialog({ open, competition: c, pending, onConfirm, onClose }: RunDrawDialogProps) {
  return (
    <AdminDialog open={open} onClose={() => (pending ? undefined : onClose())} title="Run the draw?" size="md">
      <RunDrawForm competition={c} pending={pending} onConfirm={onConfirm} onClose={onClose} />
    </AdminDialog>
  );
}

function RunDrawForm({ competition: c, pending, onConfirm, onClose }: Omit<RunDrawDialogProps, "open">) {
  const [beacon, setBeacon] = useState("");
  const salesOpen = c.status === "active";
  const winners = c.numberOfWinners === 1 ? "1 winner" : `${c.numberOfWinners} winners`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm(beacon.trim() || undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-800">
        Draw {winners} for <strong className="font-semibold text-field-900">“{c.title}”</strong> now. The result is final and published on the competition's
        draw record.
      </p>
      {salesOpen ? (
        <p className="rounded-xl border border-wheat-200 bg-wheat-50 px-4 py-3 text-sm text-stone-800">
          Sales are still open: running the draw closes them first, and no more entries or postal entries can be added.
        </p>
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
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
