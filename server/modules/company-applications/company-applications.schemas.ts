import { z } from 'zod';
import {
  APPLICATION_FIELD_RULES,
  MAX_APPLICATION_DOCUMENTS,
  type ApplicationField,
} from '../../../src/domain/companyApplication';
import { ruledTextField } from '../../lib/field-schema';
import { linkIdParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { APPLICATION_STATUSES } from './company-applications.table';

/** German messages of the server-only checks (the field rules bring their own from src/domain). */
export const APPLICATION_SCHEMA_TEXTS = {
  notText: 'Bitte geben Sie einen Text ein.',
  documentId: 'Ungültige Anlage.',
  tooManyDocuments: `Es sind höchstens ${MAX_APPLICATION_DOCUMENTS} Anlagen erlaubt.`,
} as const;

const APPLICATION_FIELDS = Object.keys(APPLICATION_FIELD_RULES) as ApplicationField[];
/** Every submitted field by the registration form's own rules (the e-mail lower-cased). */
const fieldShape = Object.fromEntries(
  APPLICATION_FIELDS.map((field) => [
    field,
    ruledTextField(APPLICATION_FIELD_RULES[field], { lowerCase: field === 'email' }),
  ]),
) as Record<ApplicationField, z.ZodType<string>>;

/** POST /api/company-application: CompanyApplicationSubmit of src/domain, nothing else. */
export const submitApplicationBody = z
  .strictObject({
    ...fieldShape,
    documentIds: z
      .array(z.uuid({ error: APPLICATION_SCHEMA_TEXTS.documentId }))
      .max(MAX_APPLICATION_DOCUMENTS, APPLICATION_SCHEMA_TEXTS.tooManyDocuments)
      .default([]),
  })
  .meta({
    id: 'CompanyApplicationSubmit',
    description: 'Registrierung eines Fotostudios: Inhaber, Firma, Studios und Anlagen',
  });
export type SubmitApplicationBody = z.infer<typeof submitApplicationBody>;

/**
 * Path id: any text up to a sane length. A malformed id is answered like an unknown one (404 'No
 * application found'), because the confirmation page shows exactly that for a mangled mail link.
 */
export const applicationParams = z.strictObject({ id: linkIdParam() });
/** The mailed link's token; anything but one of ours simply does not match (404). */
export const confirmQuery = z.strictObject({ token: z.string().max(100).default('') });

export const applicationListItemSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    companyName: z.string(),
    legalForm: z.string(),
    // company-applications.repository.ts sends toISOString().
    lastModifiedAt: z.iso.datetime(),
  })
  .meta({ id: 'CompanyApplicationListItem', description: 'Ein offener Antrag in der Liste' });
export const openApplicationListQuery = pagingQuerySchema([
  'lastModifiedAt',
  'firstName',
  'lastName',
  'email',
  'companyName',
  'legalForm',
]);
export const openApplicationPage = pagedResultSchema(applicationListItemSchema).meta({
  id: 'CompanyApplicationPage',
  description: 'Eine Seite der offenen Anträge',
});

/** The submission's and the confirmation's answer: the application's id. */
export const applicationIdAnswer = z
  .object({ id: z.uuid() })
  .meta({ id: 'CompanyApplicationRef', description: 'Verweis auf einen Antrag: seine Id' });

/** Spec section 3 "Company application (read)", plus its status and submission time. */
export const applicationDetailSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(APPLICATION_STATUSES),
    email: z.string(),
    salutation: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    // Drizzle's string mode of a date column; the times are toISOString() (company-applications.service.ts).
    birthDate: z.iso.date(),
    companyName: z.string(),
    legalForm: z.string(),
    address: z.string(),
    country: z.string(),
    phoneNumber: z.string(),
    phoneNumber2: z.string().nullable(),
    website: z.string().nullable(),
    memberId: z.string().nullable(),
    /** When the applicant submitted it ("Registrierungszeitpunkt"). */
    createdAt: z.iso.datetime(),
    lastModifiedAt: z.iso.datetime(),
    documents: z.array(z.object({ id: z.uuid(), name: z.string() })),
    stores: z.array(z.object({ name: z.string(), address: z.string(), country: z.string() })),
  })
  .meta({ id: 'CompanyApplication', description: 'Antrag auf Registrierung mit Status, Angaben, Anlagen und Studios' });
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const decideApplicationBody = z
  .strictObject({ status: z.enum(['Approved', 'Rejected']) })
  .meta({ id: 'CompanyApplicationDecision', description: 'Entscheidung über einen Antrag: annehmen oder ablehnen' });
export type Decision = z.infer<typeof decideApplicationBody>['status'];
