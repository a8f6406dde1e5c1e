import { type DestinationStream, type Logger, pino } from 'pino';

/** Query parameters that carry a secret: the messaging webhook's shared token, presigned-URL signatures. */
const SECRET_QUERY_PARAMS = /([?&](?:token|signature|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;

/** A request URL as it may be logged: secret query values replaced, the rest kept for debugging. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request summary, with the URL passed through `loggableUrl` (webhook callbacks carry `?token=`). */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : loggableUrl(req.url),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** Structured JSON logs; secrets in headers, bodies and URLs are redacted before they are written. */
export function createLogger(
  level: string,
  base: Record<string, unknown> = {},
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid, ...base },
    serializers: { req: serializeRequest },
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
  };
  return destination ? pino(options, destination) : pino(options);
}
