import { z } from 'zod';
import { MAIL_STATUSES } from '../../mail/outbox.table';

/** Where the owner's activation stands, for the LumioAdmin on the company page. */
export const ownerActivationSchema = z
  .object({
    /** The owner has not set a password yet: the activation mail can be sent again. */
    pending: z.boolean(),
    /** The owner's login address; null when the company has no owner. */
    email: z.string().nullable(),
    /** The newest activation mail's delivery, when there is one. */
    lastMail: z
      .object({
        status: z.enum(MAIL_STATUSES),
        createdAt: z.iso.datetime(),
        sentAt: z.iso.datetime().nullable(),
        attempts: z.number().int(),
      })
      .nullable(),
  })
  .meta({
    id: 'OwnerActivation',
    description: 'Stand der Kontoaktivierung des Inhabers und seiner letzten Aktivierungsmail',
  });
export type OwnerActivation = z.infer<typeof ownerActivationSchema>;

export const resentAnswer = z
  .object({ email: z.string() })
  .meta({ id: 'OwnerActivationResent', description: 'Aktivierungsmail erneut verschickt: an welche Adresse' });
