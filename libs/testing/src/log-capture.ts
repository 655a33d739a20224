import { createLogger, type Logger } from '@freemarket/kit';

export interface CapturedLogs {
  /** A logger made as every service's is (`createLogger`), writing here instead of to stdout. */
  logger: Logger;
  /** Every line written so far, as written. */
  lines: string[];
}

/** The log lines a service writes, for a test that reads what reaches the logs. */
export function captureLogs(name: string, level = 'info'): CapturedLogs {
  const lines: string[] = [];
  const logger = createLogger(name, level, {}, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
