import "./styles.css";

// The page the browser paints first is drawn without any script: a public page as the server drew it,
// any other page as the shell in index.html. The app's code (src/client/start.tsx) is asked for only
// once the page and its pictures are loaded and the page has been painted, so on a slow connection the
// stylesheet, the page and its main picture have the line to themselves, and the code's download never
// holds back the first paint or the main picture's.
let started = false;
function start() {
  if (started) return;
  started = true;
  void import("./start");
}

/** Calls `then` once the browser has painted the page's first text or picture (at once where it cannot tell). */
function afterFirstPaint(then: () => void) {
  const painted = () => performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint");
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint") || painted()) return then();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: "paint", buffered: true });
}

// Then a frame and a task: the callback runs after that frame's paint.
const onLoad = () => afterFirstPaint(() => requestAnimationFrame(() => setTimeout(start, 0)));
if (document.readyState === "complete") onLoad();
else window.addEventListener("load", onLoad, { once: true });
// A picture that takes long, a page with nothing to paint, or a tab in the background (whose frames
// wait until it is shown) does not hold the app back for more than this.
setTimeout(start, 3000);
