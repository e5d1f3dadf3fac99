import type { useEditorForm } from "../ui/use-editor-form";
import type { CampaignFormValues } from "./campaign-form-state";

export type CampaignForm = ReturnType<typeof useEditorForm<CampaignFormValues>>;
