import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { UploadCap } from '../../config';
import type { DbOrTx } from '../../db/client';
import { companyApplications } from '../company-applications/company-applications.table';
import { nameForType } from './documents.content';
import { documents } from './documents.table';
import type { EncryptedDocument } from './crypto';

/** Thrown inside the upload's transaction to roll back what made room when the whole is full. */
class CapReached extends Error {}

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
     * Stores the document within the caps on unattached documents (uploaded, not yet taken by an
     * application); answers whether it was stored and how many of the uploader's own documents made
     * room for it.
     *
     * Per address first: when the uploader's unattached documents would then exceed
     * `cap.perAddress` in number or bytes, its oldest ones are deleted until the new one fits (an
     * address at its cap replaces its own uploads and never takes more, so it cannot fill the whole
     * for everyone else). Then the whole: the INSERT … SELECT … HAVING stores the document only
     * while all unattached documents together stay within `cap`; when it does not, the transaction
     * rolls back and the deletions with it, so a refused upload changes nothing.
     *
     * Both run under a transaction-scoped advisory lock: on PostgreSQL, READ COMMITTED, inserts
     * running at the same instant could not see each other and together overshoot the cap (seen in
     * CI: 6 of 10 parallel uploads stored under a cap of 4), and an attacker controls how many run
     * at once. The lock queues only the uploads' statements (a few milliseconds each), across every
     * replica. The partial indexes documents_unattached_size_idx and documents_unattached_uploader_idx
     * keep the counts and sums to the unattached rows.
     */
    async createWithinCap(
      input: DocumentRecord & { uploaderKey: string },
      cap: UploadCap & { perAddress: UploadCap },
    ): Promise<{ stored: boolean; replaced: number }> {
      const c = (column: { name: string }) => sql.identifier(column.name);
      const d = documents;
      const own = sql`select ${c(d.id)},
            row_number() over newest as position,
            sum(${c(d.size)}) over newest as bytes
          from ${d}
          where ${c(d.uploaderKey)} = ${input.uploaderKey} and ${c(d.applicationId)} is null
          window newest as (order by ${c(d.createdAt)} desc, ${c(d.id)} desc)`;
      const makeRoom = sql`delete from ${d} where ${c(d.id)} in (
          select ${c(d.id)} from (${own}) as mine
          where mine.position >= ${cap.perAddress.maxCount}
            or mine.bytes + ${input.size} > ${cap.perAddress.maxBytes})
        returning ${c(d.id)}`;
      // Starts with the INSERT itself (no leading blank), as bench/document-server.ts recognises it.
      const statement = sql`insert into ${d} (${c(d.id)}, ${c(d.name)}, ${c(d.contentType)}, ${c(d.size)},
          ${c(d.ciphertext)}, ${c(d.iv)}, ${c(d.authTag)}, ${c(d.uploaderKey)})
        select ${input.id}::uuid, ${input.name}::text, ${input.contentType}::text, ${input.size}::integer,
          decode(${input.ciphertext.toString('base64')}, 'base64'), ${input.iv}::bytea, ${input.authTag}::bytea,
          ${input.uploaderKey}::text
        from ${d}
        where ${isNull(d.applicationId)}
        having count(*) < ${cap.maxCount} and coalesce(sum(${d.size}), 0) + ${input.size} <= ${cap.maxBytes}
        returning ${c(d.id)}`;
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lumio:document-upload-cap'))`);
          const replaced = (await tx.execute(makeRoom)).rows.length;
          const { rows } = await tx.execute(statement);
          if (rows.length !== 1) throw new CapReached();
          return { stored: true, replaced };
        });
      } catch (err) {
        if (err instanceof CapReached) return { stored: false, replaced: 0 };
        throw err;
      }
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
        // The uploader's address hash served the cap on unattached uploads only: it goes now.
        .set({ applicationId, uploaderKey: null })
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
