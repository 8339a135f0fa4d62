import { z } from 'zod';
import {
  APPLICATION_FIELD_RULES,
  MAX_APPLICATION_DOCUMENTS,
  validateApplicationField,
  type ApplicationField,
} from '../../../src/domain/companyApplication';
import { required, VALIDATION_TEXTS } from '../../../src/domain/validation';
import { linkIdParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';
import { APPLICATION_STATUSES } from './company-applications.table';

/** German messages of the server-only checks (the field rules bring their own from src/domain). */
export const APPLICATION_SCHEMA_TEXTS = {
  notText: 'Bitte geben Sie einen Text ein.',
  documentId: 'Ungültige Anlage.',
  tooManyDocuments: `Es sind höchstens ${MAX_APPLICATION_DOCUMENTS} Anlagen erlaubt.`,
} as const;

/**
 * One submitted field: trimmed, then checked by exactly the rules the registration form runs
 * (APPLICATION_FIELD_RULES), so the server answers with the same German messages. Optional fields
 * may also be absent or null; they are stored as null when empty.
 */
function applicationField(field: ApplicationField): z.ZodType<string> {
  const isRequired = APPLICATION_FIELD_RULES[field].includes(required);
  const text = z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? VALIDATION_TEXTS.required : undefined),
    })
    .trim();
  const normalized = field === 'email' ? text.toLowerCase() : text;
  const checked = normalized.superRefine((value, ctx) => {
    const message = validateApplicationField(field, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
  if (isRequired) return checked;
  return z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(checked);
}

const APPLICATION_FIELDS = Object.keys(APPLICATION_FIELD_RULES) as ApplicationField[];
const fieldShape = Object.fromEntries(APPLICATION_FIELDS.map((field) => [field, applicationField(field)])) as Record<
  ApplicationField,
  z.ZodType<string>
>;

/** POST /api/company-application: CompanyApplicationSubmit of src/domain, nothing else. */
export const submitApplicationBody = z.strictObject({
  ...fieldShape,
  documentIds: z
    .array(z.uuid({ error: APPLICATION_SCHEMA_TEXTS.documentId }))
    .max(MAX_APPLICATION_DOCUMENTS, APPLICATION_SCHEMA_TEXTS.tooManyDocuments)
    .default([]),
});
export type SubmitApplicationBody = z.infer<typeof submitApplicationBody>;

/**
 * Path id: any text up to a sane length. A malformed id is answered like an unknown one (404 'No
 * application found'), because the confirmation page shows exactly that for a mangled mail link.
 */
export const applicationParams = z.strictObject({ id: linkIdParam() });
/** The mailed link's token; anything but one of ours simply does not match (404). */
export const confirmQuery = z.strictObject({ token: z.string().max(100).default('') });

export const applicationListItemSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string(),
  legalForm: z.string(),
  lastModifiedAt: z.string(),
});
export const openApplicationListQuery = pagingQuerySchema([
  'lastModifiedAt',
  'firstName',
  'lastName',
  'email',
  'companyName',
  'legalForm',
]);
export const openApplicationPage = pagedResultSchema(applicationListItemSchema);

/** Spec section 3 "Company application (read)", plus its status and submission time. */
export const applicationDetailSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  email: z.string(),
  salutation: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  companyName: z.string(),
  legalForm: z.string(),
  address: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
  phoneNumber2: z.string().nullable(),
  website: z.string().nullable(),
  memberId: z.string().nullable(),
  /** When the applicant submitted it ("Registrierungszeitpunkt"). */
  createdAt: z.string(),
  lastModifiedAt: z.string(),
  documents: z.array(z.object({ id: z.uuid(), name: z.string() })),
  stores: z.array(z.object({ name: z.string(), address: z.string(), country: z.string() })),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const decideApplicationBody = z.strictObject({ status: z.enum(['Approved', 'Rejected']) });
export type Decision = z.infer<typeof decideApplicationBody>['status'];
