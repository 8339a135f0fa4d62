import { isNull } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/types';
import { companyApplications } from '../company-applications/company-applications.table';

/**
 * Uploaded documents (registration attachments). The bytes are AES-256-GCM encrypted at rest;
 * `iv` and `authTag` belong to that encryption. A document without an application is deleted
 * after 2 hours; one attached to a rejected application after the retention period.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    applicationId: uuid('application_id').references(() => companyApplications.id, { onDelete: 'cascade' }),
    /**
     * Who uploaded it, while no application has taken it: an HMAC of the client address (its /64
     * for IPv6) under a key derived from the documents' key, never the address itself (documents/
     * uploader.ts). Holds the per-address cap; removed once an application takes the document, null
     * for documents stored before it existed.
     */
    uploaderKey: text('uploader_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_application_idx').on(t.applicationId),
    index('documents_created_idx').on(t.createdAt),
    // The upload's cap counts and sums the unattached documents on every upload: this index holds
    // just those (a few hundred at most) with their size, so the check never visits the table.
    index('documents_unattached_size_idx').on(t.size).where(isNull(t.applicationId)),
    // The per-address cap: one address's unattached documents, oldest first (the ones it gives up).
    index('documents_unattached_uploader_idx').on(t.uploaderKey, t.createdAt, t.size).where(isNull(t.applicationId)),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;
