import type { DestinationStream, LoggerOptions } from 'pino';
import type { AppConfig } from '../config';
import { redactText, redactValue } from './log-redaction';
import { logSerializers } from './log-serializers';

/**
 * The logger of every process (the API's Fastify logger, the worker's pino): JSON lines with the
 * request's traceId, errors without statement parameters (log-serializers.ts), and no secret in any
 * object or message (log-redaction.ts). docs/production.md, "Logs", describes the lines.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    serializers: logSerializers,
    formatters: { log: (object) => redactValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

/** The fields of a request's line (server/plugins/request-log.ts), shown as its message when pretty. */
const REQUEST_FIELDS = ['method', 'route', 'status', 'durationMs', 'errorCode'];

/**
 * Where log lines go: stdout as JSON (LOG_FORMAT=json, the default outside development), or
 * pino-pretty's short lines for `npm start` and `npm run dev` (LOG_FORMAT=pretty): one line per
 * API request, "[14:03:07] INFO: GET /api/company/:id 200 12 ms". pino-pretty is imported only here
 * and only then, so a production process never loads it.
 */
export async function logDestination(config: Pick<AppConfig, 'logFormat'>): Promise<DestinationStream | undefined> {
  if (config.logFormat !== 'pretty') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', 'traceId', ...REQUEST_FIELDS].join(','),
    messageFormat: (log, messageKey) => {
      if (typeof log.route !== 'string') return String(log[messageKey] ?? '');
      const code = typeof log.errorCode === 'string' ? ` ${log.errorCode}` : '';
      return `${String(log.method)} ${log.route} ${String(log.status)} ${String(log.durationMs)} ms${code}`;
    },
  });
}
