import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Card } from "../ui/card";
import { Container } from "../ui/page-header";

interface CompletePanelProps {
  title: string;
  /** The browser tab's title, when it differs from the heading. */
  documentTitle?: string;
  icon: ReactNode;
  tone?: "neutral" | "danger" | "waiting";
  children: ReactNode;
  /** Buttons and links under the text. */
  actions?: ReactNode;
}

const TONES = {
  neutral: "bg-field-100 text-field-700",
  danger: "bg-danger-100 text-danger-700",
  waiting: "bg-wheat-100 text-wheat-800",
} as const;

/** The one card the return-from-the-bank page shows, whatever the order's outcome. */
export function CompletePanel({ title, documentTitle, icon, tone = "neutral", children, actions }: CompletePanelProps) {
  return (
    <Container className="py-12 sm:py-16">
      <title>{`${documentTitle ?? title} | Harvest Draws`}</title>
      <Card className="mx-auto flex max-w-xl flex-col items-center text-center sm:p-8">
        <span className={cn("inline-flex size-16 items-center justify-center rounded-full", TONES[tone])}>{icon}</span>
        <h1 className="mt-4 text-3xl font-bold">{title}</h1>
        <div className="mt-2 flex flex-col gap-2 text-stone-700">{children}</div>
        {actions ? <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">{actions}</div> : null}
      </Card>
    </Container>
  );
}
