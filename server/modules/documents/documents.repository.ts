import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyApplications } from '../company-applications/company-applications.table';
import { nameForType } from './documents.content';
import { documents } from './documents.table';
import type { EncryptedDocument } from './crypto';

/** A stored document: its metadata and its encrypted bytes. */
export interface DocumentRecord extends EncryptedDocument {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/** A document as an application lists it. */
export interface DocumentReference {
  id: string;
  name: string;
}

/*
 * The file bytes cross the driver as base64 text, decoded and encoded by the database: PGlite
 * converts a 2 MiB bytea parameter or result byte by byte in JavaScript (about 1 s each way),
 * base64 takes a few milliseconds (issue 3 budget: a 2 MB upload in p95 <= 100 ms).
 */
export function documentRepository(db: DbOrTx) {
  return {
    /**
     * Stores the document unless the unattached ones (uploaded, not yet taken by an application)
     * would then exceed `cap` in number or bytes; returns whether it was stored. The check and the
     * INSERT are one statement (INSERT … SELECT … HAVING count/sum), run under a transaction-scoped
     * advisory lock: on PostgreSQL, READ COMMITTED, inserts running at the same instant could not
     * see each other and together overshoot the cap (seen in CI: 6 of 10 parallel uploads stored
     * under a cap of 4), and an attacker controls how many run at once. The lock queues only the
     * uploads' INSERTs (a few milliseconds each), across every replica. The partial index
     * documents_unattached_size_idx keeps the count and sum to the unattached rows.
     */
    async createWithinCap(input: DocumentRecord, cap: { maxCount: number; maxBytes: number }): Promise<boolean> {
      const c = (column: { name: string }) => sql.identifier(column.name);
      const d = documents;
      // Starts with the INSERT itself (no leading blank), as bench/document-server.ts recognises it.
      const statement = sql`insert into ${d} (${c(d.id)}, ${c(d.name)}, ${c(d.contentType)}, ${c(d.size)},
          ${c(d.ciphertext)}, ${c(d.iv)}, ${c(d.authTag)})
        select ${input.id}::uuid, ${input.name}::text, ${input.contentType}::text, ${input.size}::integer,
          decode(${input.ciphertext.toString('base64')}, 'base64'), ${input.iv}::bytea, ${input.authTag}::bytea
        from ${d}
        where ${isNull(d.applicationId)}
        having count(*) < ${cap.maxCount} and coalesce(sum(${d.size}), 0) + ${input.size} <= ${cap.maxBytes}
        returning ${c(d.id)}`;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lumio:document-upload-cap'))`);
        const { rows } = await tx.execute(statement);
        return rows.length === 1;
      });
    },

    async find(id: string): Promise<DocumentRecord | undefined> {
      const [row] = await db
        .select({
          id: documents.id,
          name: documents.name,
          contentType: documents.contentType,
          size: documents.size,
          ciphertext: sql<string>`encode(${documents.ciphertext}, 'base64')`,
          iv: documents.iv,
          authTag: documents.authTag,
        })
        .from(documents)
        .where(eq(documents.id, id))
        .limit(1);
      return row && { ...row, ciphertext: Buffer.from(row.ciphertext, 'base64') };
    },

    /** Those of `ids` that exist and belong to no application yet (without the bytes). */
    async findUnattached(ids: readonly string[]): Promise<DocumentReference[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: documents.id, name: documents.name })
        .from(documents)
        .where(and(inArray(documents.id, [...ids]), isNull(documents.applicationId)));
    },

    /**
     * Attaches the still unattached ones of `ids` to the application and returns how many it
     * attached; a caller inside a transaction compares the count with ids.length, so two
     * applications racing for one document cannot both get it.
     */
    async attach(ids: readonly string[], applicationId: string): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(documents)
        .set({ applicationId })
        .where(and(inArray(documents.id, [...ids]), isNull(documents.applicationId)))
        .returning({ id: documents.id });
      return rows.length;
    },

    /** Deletes those of `ids` no application has taken yet; returns how many it deleted. */
    async deleteUnattached(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(documents)
        .where(and(inArray(documents.id, [...ids]), isNull(documents.applicationId)))
        .returning({ id: documents.id });
      return rows.length;
    },

    /**
     * The application's documents, oldest upload first (the order the applicant chose them), each
     * under the name the download offers (the review page saves the file under this name).
     */
    async listForApplication(applicationId: string): Promise<DocumentReference[]> {
      const rows = await db
        .select({ id: documents.id, name: documents.name, contentType: documents.contentType })
        .from(documents)
        .where(eq(documents.applicationId, applicationId))
        .orderBy(asc(documents.createdAt), asc(documents.id));
      return rows.map(({ id, name, contentType }) => ({ id, name: nameForType(name, contentType) }));
    },

    /** Deletes documents no application took before `uploadedBefore`; returns how many. */
    async deleteUnattachedUploadedBefore(uploadedBefore: Date): Promise<number> {
      const rows = await db
        .delete(documents)
        .where(and(isNull(documents.applicationId), lt(documents.createdAt, uploadedBefore)))
        .returning({ id: documents.id });
      return rows.length;
    },

    /** Deletes the documents of applications rejected before `rejectedBefore`; returns how many. */
    async deleteOfApplicationsRejectedBefore(rejectedBefore: Date): Promise<number> {
      const rejected = db
        .select({ id: companyApplications.id })
        .from(companyApplications)
        .where(and(eq(companyApplications.status, 'Rejected'), lt(companyApplications.decidedAt, rejectedBefore)));
      const rows = await db
        .delete(documents)
        .where(inArray(documents.applicationId, rejected))
        .returning({ id: documents.id });
      return rows.length;
    },
  };
}

export type DocumentRepository = ReturnType<typeof documentRepository>;
