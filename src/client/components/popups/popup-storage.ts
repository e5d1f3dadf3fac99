import type { Popup } from "../../../shared/schemas/content";

/** Where a pop-up's "already shown" mark lives (SPEC §4 Pop-up lifecycle). */
const key = (id: string) => `popup_shown_${id}`;

function today(): string {
  return new Date().toDateString();
}

function read(storage: () => Storage, id: string): string | null {
  try {
    return storage().getItem(key(id));
  } catch {
    return null;
  }
}

function write(storage: () => Storage, id: string, value: string): void {
  try {
    storage().setItem(key(id), value);
  } catch {
    // Without storage the pop-up may show again; nothing else breaks.
  }
}

/** Whether the pop-up's frequency still allows it (dismissals within the page view are checked by the caller). */
export function frequencyAllows(popup: Popup): boolean {
  if (popup.showFrequency === "once_per_session") return read(() => sessionStorage, popup.id) === null;
  if (popup.showFrequency === "once_per_day") return read(() => localStorage, popup.id) !== today();
  return true;
}

export function markShown(popup: Popup): void {
  if (popup.showFrequency === "once_per_session") write(() => sessionStorage, popup.id, "true");
  else if (popup.showFrequency === "once_per_day") write(() => localStorage, popup.id, today());
}
