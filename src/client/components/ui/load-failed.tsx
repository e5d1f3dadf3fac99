import { Button } from "./button";
import { Card } from "./card";

/** What a storefront list shows when its read failed: what did not load, and a way to try again. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Card role="alert" className="py-10 text-center">
      <p className="text-stone-700">We couldn't load {what}. Please try again.</p>
      <Button variant="secondary" className="mt-4" onClick={retry}>
        Try Again
      </Button>
    </Card>
  );
}
