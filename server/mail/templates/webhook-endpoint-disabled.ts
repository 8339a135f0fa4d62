import { formatDate } from '../../../src/domain/dates';
import type { MailMessage } from '../mailer';
import { composeMail, type BrandOwner } from '../layout';
import { greeting, type Addressee } from './greeting';

export interface WebhookEndpointDisabledMail extends Addressee {
  to: string;
  /** The endpoint's address. */
  url: string;
  /** yyyy-MM-dd: the day since which every delivery failed. */
  failingSince: string;
  /** The portal, where a SystemIntegratorAdmin switches the endpoint on again. */
  portalUrl: string;
}

export const WEBHOOK_ENDPOINT_DISABLED_SUBJECT = 'Ihr Webhook-Empfänger wurde abgeschaltet';

/**
 * Sent to every SystemIntegratorAdmin of the integrator once Lumio switched off an endpoint that
 * answered no delivery successfully for three days (issue 26, part 4).
 */
export function webhookEndpointDisabledMail(mail: WebhookEndpointDisabledMail, brandOwner?: BrandOwner): MailMessage {
  return composeMail(
    mail.to,
    WEBHOOK_ENDPOINT_DISABLED_SUBJECT,
    {
      title: 'Webhook-Empfänger abgeschaltet',
      paragraphs: [
        greeting(mail),
        `seit dem ${formatDate(mail.failingSince)} konnte Lumio keine Ereignisse an Ihren Webhook-Empfänger ${mail.url} zustellen. Nach drei Tagen ohne erfolgreiche Zustellung haben wir ihn abgeschaltet; es werden keine Ereignisse mehr an ihn gesendet.`,
        'Sobald der Empfänger wieder erreichbar ist, schalten Sie ihn im Portal unter „Webhooks“ wieder ein. Ereignisse, die in der Zwischenzeit nicht zugestellt wurden, können Sie dort in der Liste der Zustellungen erneut senden.',
      ],
      button: { label: 'Zum Portal', url: mail.portalUrl },
    },
    brandOwner,
  );
}
