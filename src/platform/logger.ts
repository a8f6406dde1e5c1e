import { type Logger, pino } from 'pino';

/** Structured JSON logs; secrets in headers and bodies are redacted before they are written. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.providerHSMPassword',
        '*.providerDashboardPassword',
        '*.providerTwowayPassword',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  });
}
