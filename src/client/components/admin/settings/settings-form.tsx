import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { failureToast } from "../ui/admin-toasts";
import { byCategory, categoryTitle, settingProblem, type Setting } from "./settings-groups";
import { SettingInput } from "./setting-input";

/** Every setting by category; Save sends one update per changed setting (SPEC §7). */
export function SettingsForm({ settings }: { settings: Setting[] }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.admin.settings.update.mutationOptions());
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(settings.map((s) => [s.key, s.value])));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const valueOf = (s: Setting) => (draft[s.key] ?? s.value).trim();
  const changed = settings.filter((s) => valueOf(s) !== s.value);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || changed.length === 0) return;
    const problems = Object.fromEntries(changed.map((s) => [s.key, settingProblem(s.key, valueOf(s)) ?? undefined]));
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    let failure: unknown = null;
    for (const s of changed) {
      try {
        await update.mutateAsync({ key: s.key, value: valueOf(s) });
      } catch (error) {
        failure = error;
        break;
      }
    }
    setSaving(false);
    if (failure) failureToast("Failed to update settings", failure);
    else toast.success("Settings updated", `${changed.length} ${changed.length === 1 ? "setting" : "settings"} saved.`);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {byCategory(settings).map(([category, list]) => (
        <Card key={category}>
          <h2 className="text-xl font-bold">{categoryTitle(category)}</h2>
          {list.map((s) => (
            <SettingInput
              key={s.key}
              setting={s}
              value={draft[s.key] ?? s.value}
              error={errors[s.key]}
              onChange={(value) => {
                setDraft((prev) => ({ ...prev, [s.key]: value }));
                setErrors((prev) => ({ ...prev, [s.key]: undefined }));
              }}
            />
          ))}
        </Card>
      ))}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-cream-200 bg-cream-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <p className="text-sm text-stone-700" aria-live="polite">
          {changed.length === 0 ? "No unsaved changes" : `${changed.length} unsaved ${changed.length === 1 ? "change" : "changes"}`}
        </p>
        <Button type="submit" pending={saving} disabled={changed.length === 0}>
          {saving ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </form>
  );
}
