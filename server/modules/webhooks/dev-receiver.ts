import { desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { renderView } from '../../html';
import { devWebhookReceipts, webhookEndpoints } from './webhooks.table';

/** Receipts the page keeps; older ones are deleted as new ones come. */
export const DEV_RECEIPTS_KEPT = 50;

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Berlin',
});

const STYLE = `
body{margin:0;padding:24px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2b3a;background:#f4f6fa}
h1{font-size:22px;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #dde3ea;font-size:14px;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-all;margin:0;font-size:13px}
small{color:#4a5a6a;word-break:break-all}
@media (max-width:600px){thead{display:none}table,tbody,tr,td{display:block}tr{border-bottom:1px solid #dde3ea;padding:8px 0}td{border:0;padding:4px 12px}td::before{content:attr(data-label);display:block;font-weight:600;font-size:12px}}
`;
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The first of the secrets that verifies the delivery; the receipt keeps only whether one did. */
function verifies(secrets: readonly string[], body: string, headers: Record<string, string>): boolean {
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  });
}

function header(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * /dev/webhooks (embedded mode only, config.devRoutes): a receiver to try webhooks out with. An
 * endpoint with the address PUBLIC_URL/dev/webhooks/in delivers to POST /dev/webhooks/in, which
 * checks the signature with the secret of the endpoints of that address (standardwebhooks'
 * verify, as a receiver would), stores what came in dev_webhook_receipts and answers 204, or 401
 * for a signature none of them made. GET /dev/webhooks lists the receipts in German.
 */
export async function devWebhookReceiver(app: FastifyInstance) {
  const inUrl = `${app.config.publicUrl.replace(/\/$/, '')}/dev/webhooks/in`;
  const hide = { schema: { hide: true } };

  // The signature covers the body's exact bytes: this route takes it as text, not parsed.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post<{ Body: string }>('/dev/webhooks/in', hide, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const headers = {
      'webhook-id': header(request.headers['webhook-id']),
      'webhook-timestamp': header(request.headers['webhook-timestamp']),
      'webhook-signature': header(request.headers['webhook-signature']),
    };
    const secrets = (
      await app.db
        .select({ secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.url, inUrl))
    ).map((row) => row.secret);
    const signatureValid = verifies(secrets, body, headers);
    let eventType: string | null = null;
    try {
      const parsed = JSON.parse(body) as { type?: unknown };
      if (typeof parsed.type === 'string') eventType = parsed.type;
    } catch {
      // Not JSON: kept as it came, without an event type.
    }
    await app.db.transaction(async (tx) => {
      await tx.insert(devWebhookReceipts).values({
        messageId: headers['webhook-id'] || null,
        eventType,
        signatureValid,
        body,
      });
      const kept = tx
        .select({ id: devWebhookReceipts.id })
        .from(devWebhookReceipts)
        .orderBy(desc(devWebhookReceipts.receivedAt), desc(devWebhookReceipts.id))
        .limit(DEV_RECEIPTS_KEPT);
      await tx.delete(devWebhookReceipts).where(notInArray(devWebhookReceipts.id, kept));
    });
    return reply.code(signatureValid ? 204 : 401).send();
  });

  app.get('/dev/webhooks', hide, async (_request, reply) => {
    const receipts = await app.db
      .select()
      .from(devWebhookReceipts)
      .orderBy(desc(devWebhookReceipts.receivedAt), desc(devWebhookReceipts.id))
      .limit(DEV_RECEIPTS_KEPT);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(
        renderView('dev-webhooks/list', {
          style: STYLE,
          receipts,
          inUrl,
          kept: DEV_RECEIPTS_KEPT,
          formatDate: dateFormat.format,
        }),
      );
  });
}
