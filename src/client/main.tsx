import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { warmUp } from "./lib/warm-up";
import "./styles.css";

warmUp(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (a slow phone stays responsive to taps meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
