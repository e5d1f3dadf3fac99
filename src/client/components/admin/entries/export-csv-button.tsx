import { useState } from "react";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { failureToast } from "../ui/admin-toasts";
import type { filterInput } from "./entry-filters";

function download(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the entries matching the current filters, one row per ticket. */
export function ExportCsvButton({ filters }: { filters: ReturnType<typeof filterInput> }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const file = await utils.admin.reports.exportEntries.fetch({ ...filters, page: 1, pageSize: 50 }, { staleTime: 0 });
      download(file.filename, file.csv);
      toast.success("Export ready", file.filename);
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
