import { toast } from "./toast";

/**
 * A toast that must survive a full page load (logout reloads to "/"). It is stashed in session
 * storage and shown once by the next page.
 */
const FLASH_KEY = "flash_toast";

interface Flash {
  title: string;
  description?: string;
}

export function stashFlashToast(flash: Flash): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Without storage the toast is simply not shown.
  }
}

export function showStashedFlashToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as Flash;
    if (typeof flash.title === "string") toast.success(flash.title, flash.description);
  } catch {
    // A malformed flash is dropped.
  }
}
