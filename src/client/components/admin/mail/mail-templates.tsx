import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { MailTemplateKind } from "../../../../shared/schemas/mail";
import { cn } from "../../../lib/cn";
import { useTRPC } from "../../../lib/trpc";
import { Card } from "../../ui/card";
import { LoadingState } from "../../ui/spinner";
import { AdminBadge } from "../ui/badges";
import { LoadError } from "../ui/feedback";
import { SelectField } from "../ui/select-field";

/** Every template the shop sends, and the chosen one rendered with sample data. */
export function MailTemplates() {
  const trpc = useTRPC();
  const templates = useQuery(trpc.admin.mail.templates.queryOptions(undefined, { staleTime: Infinity }));
  const [chosen, setChosen] = useState<MailTemplateKind>("order_confirmation");
  if (templates.isPending) return <LoadingState label="Loading templates..." />;
  if (templates.isError) return <LoadError what="The templates" error={templates.error} />;
  const current = templates.data.find((t) => t.kind === chosen) ?? templates.data[0]!;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SelectField
        className="lg:hidden"
        label="Template"
        value={current.kind}
        onChange={(e) => setChosen(e.target.value as MailTemplateKind)}
        options={templates.data.map((t) => ({ value: t.kind, label: t.name }))}
      />
      <nav aria-label="Mail templates" className="hidden lg:block">
        <ul className="flex flex-col gap-1">
          {templates.data.map((t) => (
            <li key={t.kind}>
              <button
                type="button"
                aria-current={t.kind === current.kind ? "true" : undefined}
                onClick={() => setChosen(t.kind)}
                className={cn(
                  "w-full rounded-lg px-3 py-2 text-left text-sm font-semibold transition-colors",
                  t.kind === current.kind ? "bg-field-700 text-white" : "text-field-900 hover:bg-field-50",
                )}
              >
                {t.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <MailPreview kind={current.kind} name={current.name} description={current.description} transactional={current.transactional} />
    </div>
  );
}

function MailPreview({ kind, name, description, transactional }: { kind: MailTemplateKind; name: string; description: string; transactional: boolean }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.admin.mail.preview.queryOptions({ kind }, { staleTime: Infinity }));
  return (
    <Card className="flex min-w-0 flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-sans text-lg font-bold text-field-900">{name}</h3>
          <AdminBadge className={transactional ? "bg-field-100 text-field-800" : "bg-wheat-100 text-wheat-800"}>
            {transactional ? "Transactional" : "Marketing"}
          </AdminBadge>
          <code className="text-xs text-stone-600">{kind}</code>
        </div>
        <p className="mt-1 text-sm text-stone-700">{description}</p>
      </div>
      {preview.isPending ? (
        <LoadingState label="Rendering preview..." />
      ) : preview.isError ? (
        <LoadError what="The preview" error={preview.error} />
      ) : (
        <>
          <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-cream-100 p-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-semibold text-stone-700">Subject</dt>
            <dd className="break-words text-stone-900">{preview.data.subject}</dd>
            {Object.entries(preview.data.headers).map(([header, value]) => (
              <div key={header} className="contents">
                <dt className="font-semibold text-stone-700">{header}</dt>
                <dd className="font-mono text-xs break-all text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <section aria-label="HTML part">
            <h4 className="mb-2 text-sm font-semibold text-stone-700">HTML part</h4>
            {/* sandbox="": the mail's HTML can run nothing and reach nothing of the back office. */}
            <iframe
              title={`${name}: HTML preview`}
              srcDoc={preview.data.html}
              sandbox=""
              className="h-[36rem] w-full rounded-lg border border-cream-200 bg-white"
            />
          </section>
          <section aria-label="Plain-text part">
            <h4 className="mb-2 text-sm font-semibold text-stone-700">Plain-text part</h4>
            <pre className="max-h-96 overflow-auto rounded-lg bg-cream-100 p-3 font-mono text-sm whitespace-pre-wrap text-stone-800">{preview.data.text}</pre>
          </section>
        </>
      )}
    </Card>
  );
}
