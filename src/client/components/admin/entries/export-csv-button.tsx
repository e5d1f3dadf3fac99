import { useState } from "react";
import { downloadFile } from "../../../lib/download";
import { toast } from "../../../lib/toast";
import { Button } from "../../ui/button";
import { failureToast } from "../ui/admin-toasts";
import type { filterInput } from "./entry-filters";

/** Downloads every entry matching the current filters, one row per ticket (GET /api/admin/entries/export). */
export function ExportCsvButton({ filters }: { filters: ReturnType<typeof filterInput> }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = await downloadFile("/admin/entries/export", filters, "entries.csv");
      toast.success("Export ready", name);
    } catch (error) {
      failureToast("Export failed", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" pending={busy} onClick={() => void onClick()}>
      {busy ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
