import type { ReactNode } from "react";
import { Card } from "../ui/card";
import { Container } from "../ui/page-header";

/** The narrow, centred card the single-purpose account screens share (reset, verify, unsubscribe). */
export function AuthScreen({ title, heading, lead, children }: { title: string; heading: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container className="py-10 sm:py-14">
      <title>{`${title} | Harvest Draws`}</title>
      <div className="mx-auto max-w-lg">
        <h1 className="text-center text-3xl font-bold sm:text-4xl">{heading}</h1>
        {lead ? <p className="mt-2 text-center text-stone-700">{lead}</p> : null}
        <Card className="mt-8 p-5 sm:p-8">{children}</Card>
      </div>
    </Container>
  );
}

/** A short confirmation or refusal inside an AuthScreen card, announced when it appears. */
export function Outcome({ tone, title, children }: { tone: "success" | "problem"; title: string; children?: ReactNode }) {
  return (
    <div role={tone === "problem" ? "alert" : "status"} className="flex flex-col gap-3">
      <h2 className={tone === "success" ? "font-sans text-xl font-bold text-field-900" : "font-sans text-xl font-bold text-danger-700"}>{title}</h2>
      {children}
    </div>
  );
}

export const inlineLink = "font-semibold text-field-700 underline underline-offset-4 hover:text-field-900";
