import { useState } from "react";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { SettingsSection } from "./settings-section";

export const EXPORT_FILE_NAME = "harvest-draws-my-data.json";

/** Saves a JSON document to the customer's device, as a download, without leaving the page. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Everything we hold about the customer, as one JSON file (the right of access and portability). */
export function DownloadData() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      saveJson(await utils.customer.account.exportData.fetch(undefined, { staleTime: 0 }), EXPORT_FILE_NAME);
    } catch (error) {
      toast.error("Download failed", serverMessage(error) ?? "Please try again.");
    } finally {
      setPending(false);
    }
  };
  return (
    <SettingsSection title="Your data" lead="A copy of your profile, orders, entries and tickets, wins, messages and settings, as a JSON file.">
      <Button variant="secondary" pending={pending} onClick={() => void download()}>
        Download my data
      </Button>
    </SettingsSection>
  );
}
