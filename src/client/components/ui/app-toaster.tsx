import { Toaster } from "sonner";

/** Where every toast appears (SPEC §9): one at a time, shown for 5 s, reached with F8. */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      richColors
      closeButton
      toastOptions={{ classNames: { title: "font-bold!", description: "text-sm" } }}
    />
  );
}
