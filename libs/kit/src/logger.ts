import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** JSON logs; secrets that can ride on requests are redacted before they reach any sink. */
export function createLogger(name: string, level: string = 'info', options: LoggerOptions = {}): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-freemarket-identity"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...options,
  });
}
