import { useEffect } from "react";
import { useAuth } from "../../hooks/use-auth";

type Billing = { address: string; city: string; postcode: string };

/** Pre-fills empty billing fields from the signed-in customer's profile. */
export function useProfileBilling<T extends Billing>(setValues: (update: (prev: T) => T) => void) {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) return;
    setValues((prev) => ({
      ...prev,
      address: prev.address || user.address || "",
      city: prev.city || user.city || "",
      postcode: prev.postcode || user.postcode || "",
    }));
  }, [user, setValues]);
  return user;
}
