import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { MailStatus } from "../../../../shared/schemas/mail";
import { shortDateTime } from "../../../lib/dates";
import { useTRPC } from "../../../lib/trpc";
import { MailIcon } from "../../ui/icons";
import { Container } from "../../ui/page-header";

/** The worker keeps trying; the banner looks again every minute. */
const REFRESH_MS = 60_000;

/** "3 messages are waiting in the outbox" and what becomes of them. */
function waiting(queued: number, then: string): string {
  if (queued === 0) return "Nothing is waiting in the outbox yet.";
  return queued === 1 ? `1 message is waiting in the outbox${then}.` : `${queued.toLocaleString("en-GB")} messages are waiting in the outbox${then}.`;
}

function givenUp(failed: number): string {
  if (failed === 0) return "";
  return failed === 1 ? " 1 message was given up on and needs a Retry." : ` ${failed.toLocaleString("en-GB")} messages were given up on and need a Retry.`;
}

/** What the operator is told while mail cannot leave the shop, and where to look; null while mail is leaving. */
export function mailStatusWords(s: MailStatus): { lead: string; error: string | null; link: { to: string; label: string } } | null {
  if (s.sending) return null;
  if (!s.configured) {
    return {
      lead: `SMTP_URL is not set, so no email leaves the shop (order confirmations, winner mails, account links). ${waiting(s.queued, "")}${givenUp(s.failed)}`,
      error: null,
      link: { to: "/admin/messages?tab=outbox", label: "Open the outbox" },
    };
  }
  const since = s.failingSince ? ` since ${shortDateTime(s.failingSince)}` : "";
  return {
    lead: `The mail server (SMTP_URL) has been failing${since}. ${waiting(s.queued, " and will go once it takes mail again")}${givenUp(s.failed)}`,
    error: s.lastError,
    link: { to: "/admin/mail", label: "See failed mail" },
  };
}

/** On every admin page while mail cannot leave the shop: SMTP_URL is not set, or its server keeps failing. */
export function MailStatusBanner() {
  const trpc = useTRPC();
  const status = useQuery(trpc.admin.mail.status.queryOptions(undefined, { refetchInterval: REFRESH_MS, staleTime: 0 }));
  const words = status.data ? mailStatusWords(status.data) : null;
  if (!words) return null;
  return (
    <Container className="pt-6">
      <section aria-labelledby="mail-status-title" className="rounded-2xl border border-danger-200 bg-danger-50 p-4 text-danger-900 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-danger-700" />
            <div className="min-w-0">
              <h2 id="mail-status-title" className="font-sans text-base font-bold">
                Mail is not being sent
              </h2>
              <p className="mt-1 text-sm">{words.lead}</p>
              {words.error ? (
                <p className="mt-2 rounded-lg bg-white/60 px-3 py-2 font-mono text-xs break-words text-danger-800">
                  <span className="sr-only">Last error: </span>
                  {words.error}
                </p>
              ) : null}
            </div>
          </div>
          <Link
            to={words.link.to}
            className="shrink-0 self-start rounded-lg border border-danger-300 bg-white px-3 py-1.5 text-sm font-semibold text-danger-800 hover:bg-danger-100"
          >
            {words.link.label}
          </Link>
        </div>
      </section>
    </Container>
  );
}
