export interface FailingAudit {
  id: string;
  title: string;
  displayValue?: string;
  items?: string[];
}
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement?: string;
  failing: Record<string, FailingAudit[]>;
}
export interface Check {
  name: string;
  value: number;
  budget: string;
  pass: boolean;
}
export declare const LIGHTHOUSE_BUDGETS: {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};
export declare const PAGE_VS_JSON_BUDGET: number;
export declare const FIRST_LOAD_JS_REFERENCE: number;
export declare const FIRST_LOAD_JS_ALLOWANCE: number;
export declare const CATEGORIES: Record<"performance" | "accessibility" | "bestPractices" | "seo", string>;
export declare function median(values: number[]): number;
export declare function roundCls(cls: number): number;
export declare function failingAudits(report: unknown, categoryId: string): FailingAudit[];
export declare function summarizeReport(report: unknown): PageFigures;
export declare function medianOfRuns(runs: PageFigures[]): Omit<PageFigures, "failing"> & {
  failing: Record<string, FailingAudit[]>;
  runs: Omit<PageFigures, "failing" | "lcpElement">[];
};
export declare function lighthouseChecks(page: Omit<PageFigures, "failing" | "lcpElement">, budgets?: typeof LIGHTHOUSE_BUDGETS): Check[];
export declare function pageVsJsonCheck(htmlPerSec: number, jsonPerSec: number, budget?: number): { share: number; budget: number; pass: boolean };
export declare function firstLoadCheck(
  bytes: number,
  reference?: number,
  allowance?: number,
): { bytes: number; reference: number; difference: number; allowance: number; pass: boolean };
export declare function verdict(pass: boolean): "PASS" | "FAIL";
