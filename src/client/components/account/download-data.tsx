import { useState } from "react";
import { toast } from "../../lib/toast";
import { downloadFile } from "../../lib/download";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { SettingsSection } from "./settings-section";

export const EXPORT_FILE_NAME = "harvest-draws-my-data.json";

/** Everything we hold about the customer, as one JSON file (the right of access and portability). */
export function DownloadData() {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile("/user/export", {}, EXPORT_FILE_NAME);
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
