import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link, Navigate, useLocation, useParams } from "react-router-dom";
import { ClaimForm } from "../../components/claims/claim-form";
import { ClaimStatusPanel } from "../../components/claims/claim-status-panel";
import { ClaimSteps } from "../../components/claims/claim-steps";
import { ClaimSummary } from "../../components/claims/claim-summary";
import { isClaimable } from "../../components/claims/claim-words";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ArrowLeftIcon, TrophyIcon } from "../../components/ui/icons";
import { LoadFailed } from "../../components/ui/load-failed";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useAuth } from "../../hooks/use-auth";
import { authHref } from "../../lib/safe-next";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode } from "../../lib/trpc-errors";

const WINS_TAB = "/account?tab=wins";

function ClaimNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <TrophyIcon className="size-10 text-wheat-600" />
      <h2 className="font-sans text-lg font-bold text-field-900">Claim not found</h2>
      <p className="max-w-md text-stone-700">
        We couldn't find this prize claim on your account. If the link came from one of our emails, please sign in with the address it was sent to, and confirm
        that address if you haven't yet.
      </p>
      <ButtonLink to={WINS_TAB} variant="secondary" className="mt-2">
        Go to My Wins
      </ButtonLink>
    </Card>
  );
}

/**
 * /account/claims/:id, from the winner's email, their notification or My Wins: the prize, and the
 * form to claim it while it is open; afterwards, where the claim stands.
 */
export function ClaimPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const claim = useQuery(trpc.customer.claims.get.queryOptions({ id }, { enabled: user !== null && id !== "" }));
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (isLoading) return <LoadingState label="Loading your prize..." />;
  // Back here after signing in (the mail's link opens this page signed out).
  if (!user) return <Navigate to={authHref("login", `${location.pathname}${location.search}`)} replace />;

  const showTop = () => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  };

  let body;
  if (claim.isPending) body = <LoadingState label="Loading your prize..." />;
  else if (claim.isError) {
    const code = appErrorCode(claim.error);
    body = code === "NOT_FOUND" || code === "INVALID_INPUT" ? <ClaimNotFound /> : <LoadFailed what="your prize claim" retry={() => void claim.refetch()} />;
  } else {
    const c = claim.data;
    body = (
      <div className="flex flex-col gap-6">
        <ClaimSummary claim={c} />
        <ClaimSteps claim={c} />
        {notice ? (
          <p role="status" className="rounded-xl border border-wheat-300 bg-wheat-50 px-4 py-3 font-medium text-stone-900">
            {notice}
          </p>
        ) : null}
        {isClaimable(c) ? (
          <ClaimForm
            claim={c}
            user={user}
            onClaimed={() => {
              setNotice(null);
              showTop();
            }}
            onClosed={(message) => {
              setNotice(message);
              showTop();
            }}
          />
        ) : (
          <ClaimStatusPanel claim={c} />
        )}
      </div>
    );
  }

  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <title>Claim your prize | Harvest Draws</title>
        <Link to={WINS_TAB} className="mb-4 inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-semibold text-field-700 hover:text-field-900">
          <ArrowLeftIcon className="size-4" />
          My Wins
        </Link>
        <h1 ref={headingRef} tabIndex={-1} className="mb-6 text-3xl font-bold outline-none sm:text-4xl">
          {claim.data && !isClaimable(claim.data) ? "Your prize" : "Claim your prize"}
        </h1>
        {body}
      </div>
    </Container>
  );
}
