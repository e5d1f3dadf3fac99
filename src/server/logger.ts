import pino from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Structured JSON lines (pino). Headers and bodies are never logged, so tokens, passwords and card
 * numbers cannot reach a log; the redact list is a second line of defence for fields named like them.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["password", "token", "cardNumber", "cvv", "*.password", "*.token", "*.cardNumber", "*.cvv"], censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const at = (lvl: Exclude<LogLevel, "silent">) => (msg: string, fields?: Record<string, unknown>) => log[lvl](fields ?? {}, msg);
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
