import { Button } from "../ui/button";
import { LockIcon } from "../ui/icons";

interface PayButtonProps {
  /** The order is being placed ("Processing..."). */
  placing: boolean;
  /** Waiting on the payment's outcome or the bank's authentication. */
  waiting: boolean;
  disabled: boolean;
  label: string;
}

/** Both checkouts' submit button: locked while anything is in flight, "Processing..." while the order is placed. */
export function PayButton({ placing, waiting, disabled, label }: PayButtonProps) {
  return (
    <Button type="submit" variant="accent" size="lg" fullWidth pending={placing || waiting} disabled={disabled}>
      {placing ? null : <LockIcon className="size-5" />}
      {placing ? "Processing..." : label}
    </Button>
  );
}
