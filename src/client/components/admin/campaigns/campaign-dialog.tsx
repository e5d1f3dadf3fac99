import { useMutation } from "@tanstack/react-query";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useRef, useState, type FormEvent } from "react";
import { decimalToPence } from "../../../../shared/money";
import type { AdminCompetition, RelistDraft } from "../../../../shared/schemas/admin";
import { fieldErrorsFrom, focusFirstInvalid, type FieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { tabClasses, tabListClasses } from "../../ui/tab-styles";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import { useEditorForm } from "../ui/use-editor-form";
import { BasicInfoFields } from "./basic-info-fields";
import { ContentFields, PostalEntryFields, QuestionFields } from "./campaign-extra-fields";
import { campaignFormFrom, campaignInputFrom, hasSales, NEW_CAMPAIGN, tabWithError, validateCampaign } from "./campaign-form-state";
import { fieldOfRefusal } from "./campaign-refusal-field";
import { instantPrizesProblem } from "./instant-prize-rows";
import { InstantPrizesField } from "./instant-prizes-field";
import { tierRowsProblem } from "./price-tiers";

const TABS = ["Basic Info", "Questions", "Content", "Postal Entry", "Instant Wins"] as const;
const WINNERS_MESSAGE = "Number of winners must be a whole number from 1 to 100";

interface CampaignDialogProps {
  open: boolean;
  /** The campaign being edited, or null to create one. */
  campaign: AdminCompetition | null;
  /** A closed or drawn campaign's relisting (POST /admin/competitions/{id}/clone), created from this draft. */
  draft?: RelistDraft | null;
  onClose: () => void;
}

/** Create, edit or relist a campaign in five tabs (SPEC §2 /admin/campaigns; Instant Wins, issue #19; relisting, issue #33). */
export function CampaignDialog({ open, campaign, draft = null, onClose }: CampaignDialogProps) {
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={campaign ? "Edit Campaign" : draft ? "Relist Campaign" : "Create Campaign"}
      description={
        !campaign && draft
          ? `A copy of "${draft.title}" with new dates and no sales. Nothing is saved until you create it; its instant prizes then get new winning numbers.`
          : undefined
      }
      size="xl"
    >
      <CampaignForm campaign={campaign} draft={draft} onDone={onClose} />
    </AdminDialog>
  );
}

function CampaignForm({ campaign, draft, onDone }: { campaign: AdminCompetition | null; draft: RelistDraft | null; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const [tab, setTab] = useState(0);
  const form = useEditorForm(campaign ? campaignFormFrom(campaign) : draft ? campaignFormFrom(draft) : NEW_CAMPAIGN);
  const showErrors = (found: FieldErrors) => {
    form.setErrors(found);
    setTab(tabWithError(found));
    focusFirstInvalid(formRef.current);
  };
  /** The toast as always, and the server's words on the field they are about when one is named. */
  const onRefused = (title: string, error: unknown) => {
    failureToast(title, error);
    const refusal = fieldOfRefusal(error);
    if (refusal) showErrors({ [refusal.field]: refusal.message });
  };
  const onSaved = (message: string) => () => {
    toast.success(message, form.values.title.trim());
    onDone();
  };
  const create = useMutation(
    trpc.admin.competitions.create.mutationOptions({
      onSuccess: onSaved(draft ? "Campaign relisted" : "Campaign created"),
      onError: (error) => onRefused("Failed to create campaign", error),
    }),
  );
  const update = useMutation(
    trpc.admin.competitions.update.mutationOptions({
      onSuccess: onSaved("Campaign updated"),
      onError: (error) => onRefused("Failed to update campaign", error),
    }),
  );
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = validateCampaign(form.values, campaign);
    // The multibuy rows in the server's words (the schema would speak of one row's field).
    const tiers = tierRowsProblem(decimalToPence(form.values.price), form.values.priceTiers, "saving");
    // Likewise the instant prizes: a row's problem in plain words rather than the schema's path.
    const instant = instantPrizesProblem(form.values.instantPrizes, form.values.maxTickets, "saving");
    if (!parsed.success || tiers || instant) {
      const found: FieldErrors = parsed.success ? {} : fieldErrorsFrom(parsed.error);
      if (found.numberOfWinners) found.numberOfWinners = WINNERS_MESSAGE;
      if (tiers) found.priceTiers = tiers.message;
      if (instant) found.instantPrizes = instant.message;
      showErrors(found);
      return;
    }
    const input = campaignInputFrom(form.values, campaign);
    if (campaign) update.mutate({ id: campaign.id, ...input });
    else create.mutate(draft ? { ...input, relistOf: draft.relistOf } : input);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList className={`${tabListClasses} mb-5`}>
          {TABS.map((name) => (
            <Tab key={name} className={tabClasses}>
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel unmount={false}>
            <BasicInfoFields form={form} locked={hasSales(campaign)} />
          </TabPanel>
          <TabPanel unmount={false}>
            <QuestionFields form={form} />
          </TabPanel>
          <TabPanel unmount={false}>
            <ContentFields form={form} locked={hasSales(campaign)} />
          </TabPanel>
          <TabPanel unmount={false}>
            <PostalEntryFields form={form} />
          </TabPanel>
          <TabPanel unmount={false}>
            <InstantPrizesField form={form} locked={hasSales(campaign)} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : campaign ? "Update Campaign" : draft ? "Create Relisted Campaign" : "Create Campaign"}
        </Button>
      </DialogActions>
    </form>
  );
}
