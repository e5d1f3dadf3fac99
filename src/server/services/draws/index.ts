/* Draw night: the lifecycle that closes and freezes, the draw itself, and its public record. */
export { runDraw } from "./draw";
export { displayName } from "../competitions/winner-name";
export { closeSales, freezePool } from "./lifecycle";
export { lifecycleTick } from "./scheduler";
export { getDrawRecord, type DrawPublicRecord } from "./record";
export type { DrawDeps } from "./types";
