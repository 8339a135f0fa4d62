import { randomBytes, randomUUID } from 'node:crypto';
import { subDays } from 'date-fns/subDays';
import { subMonths } from 'date-fns/subMonths';
import { subYears } from 'date-fns/subYears';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from './client';
import {
  auditEvents,
  closedAccounts,
  closedCompanies,
  closedCompanyDocuments,
  companyApplications,
  dataExportFileChunks,
  dataExports,
  documents,
  employeeInvitations,
  identificationProcesses,
  identificationReports,
  licenses,
  users,
} from './schema';

/**
 * Demo data old enough that `npm run retention -- --dry-run` finds something in every category
 * (issue 28, part 5), none of it on a screen the demo's tests look at: processes of more than 10
 * years and 6 months ago on a licence of the demo company (outside every default period), a company
 * closed 7 months ago with its owner's archived account, its approved application's document and
 * its audit row, an application rejected 7 months ago with a document (the list shows open ones
 * only), an invitation withdrawn 40 days ago, a report of 200 days ago of Studio Morgenrot, audit
 * rows of more than 10 years and 6 months ago, a 'Meine Daten' export whose 7 days are over. The documents' bytes are random: nobody opens them.
 */
export async function seedDemoRetention(
  tx: Tx,
  input: { companyId: string; morgenrotId: string; now: Date },
): Promise<void> {
  const { companyId, morgenrotId, now } = input;
  const [license] = await tx
    .select()
    .from(licenses)
    .where(eq(licenses.companyId, companyId))
    .orderBy(asc(licenses.key))
    .limit(1);
  if (license) {
    const at = subMonths(subYears(now, 11), 1);
    await tx.insert(identificationProcesses).values(
      [0, 1, 2].map((i) => ({
        licenseId: license.id,
        storeId: license.storeId,
        companyId: license.companyId,
        systemIntegratorId: license.systemIntegratorId,
        resellerId: license.resellerId,
        postpaid: true,
        machineId: 'ALT-KASSE-1',
        idempotencyKey: randomUUID(),
        createdAt: new Date(at.getTime() + i * 60_000),
      })),
    );
  }

  // Fotostudio Abendrot: approved three years ago, deleted by its owner 7 months ago.
  const closedAt = subMonths(now, 7);
  const abendrot = randomUUID();
  const abendrotOwner = randomUUID();
  const abendrotApplication = randomUUID();
  await tx.insert(closedCompanies).values({
    id: abendrot,
    name: 'Fotostudio Abendrot',
    legalForm: 'Einzelunternehmen',
    address: 'Abendweg 7, 50667 Köln',
    country: 'Deutschland',
    phoneNumber: '+49221987654',
    applicationId: abendrotApplication,
    companyCreatedAt: subYears(now, 3),
    closedAt,
  });
  const bytes = () => randomBytes(16);
  await tx.insert(closedCompanyDocuments).values({
    id: randomUUID(),
    closedCompanyId: abendrot,
    name: 'Gewerbeanmeldung-Abendrot.pdf',
    contentType: 'application/pdf',
    size: 16,
    ciphertext: bytes(),
    iv: bytes(),
    authTag: bytes(),
    createdAt: subYears(now, 3),
    closedAt,
  });
  await tx.insert(closedAccounts).values({
    id: abendrotOwner,
    companyId: abendrot,
    role: 'Owner',
    status: 'VerifiedAndApproved',
    email: 'inhaberin@studio-abendrot.example',
    salutation: 'Frau',
    firstName: 'Agathe',
    lastName: 'Abendrot',
    birthDate: '1969-07-21',
    reason: 'deleted',
    closedAt,
    carriedOutIdentifications: false,
    accountCreatedAt: subYears(now, 3),
  });
  await tx.insert(auditEvents).values([
    {
      at: subYears(now, 3),
      actorId: abendrotOwner,
      actorEmail: 'inhaberin@studio-abendrot.example',
      actorRole: 'Owner',
      action: 'company.updated',
      entityType: 'company',
      entityId: abendrot,
      companyId: abendrot,
      before: { phoneNumber: '+49221000000' },
      after: { phoneNumber: '+49221987654' },
    },
    {
      at: closedAt,
      actorId: abendrotOwner,
      actorEmail: 'inhaberin@studio-abendrot.example',
      actorRole: 'Owner',
      action: 'company.deleted',
      entityType: 'company',
      entityId: abendrot,
      companyId: abendrot,
      before: { name: 'Fotostudio Abendrot', address: 'Abendweg 7, 50667 Köln', users: 1, stores: 1 },
    },
    // Older than 10 years and 6 months: deleted by the next run.
    {
      at: subMonths(subYears(now, 11), 2),
      action: 'store.updated',
      entityType: 'store',
      entityId: randomUUID(),
      before: { name: 'Altes Studio' },
      after: { name: 'Altes Studio am Markt' },
    },
  ]);

  const rejectedApplication = randomUUID();
  const decidedAt = subMonths(now, 7);
  await tx.insert(companyApplications).values({
    id: rejectedApplication,
    status: 'Rejected',
    email: 'antrag@fotoecke-alt.example',
    salutation: 'Herr',
    firstName: 'Otto',
    lastName: 'Oldenburg',
    birthDate: '1960-05-05',
    companyName: 'Fotoecke Oldenburg',
    legalForm: 'Einzelunternehmen',
    address: 'Alter Markt 1, 26122 Oldenburg',
    country: 'Deutschland',
    phoneNumber: '+49441123456',
    stores: [],
    confirmUntil: subDays(decidedAt, 20),
    confirmedAt: subDays(decidedAt, 25),
    decidedAt,
    createdAt: subDays(decidedAt, 26),
    lastModifiedAt: decidedAt,
  });
  await tx.insert(documents).values({
    name: 'Gewerbeanmeldung-Oldenburg.pdf',
    contentType: 'application/pdf',
    size: 16,
    ciphertext: bytes(),
    iv: bytes(),
    authTag: bytes(),
    applicationId: rejectedApplication,
    createdAt: subDays(decidedAt, 26),
  });

  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'Owner')))
    .limit(1);
  await tx.insert(employeeInvitations).values({
    tokenHash: randomBytes(32).toString('hex'),
    companyId,
    email: 'zurueckgezogen@studio-sonnenschein.example',
    invitedBy: owner?.id ?? null,
    createdAt: subDays(now, 45),
    expiresAt: subDays(now, 38),
    withdrawnAt: subDays(now, 40),
  });

  await tx.insert(identificationReports).values({
    scopeCompanyId: morgenrotId,
    startDate: '2025-01-01',
    endDate: '2025-01-31',
    state: 'Completed',
    processCount: 0,
    createdAt: subDays(now, 200),
    updatedAt: subDays(now, 200),
    completedAt: subDays(now, 200),
  });

  // A 'Meine Daten' export of Studio Morgenrot's owner, ready 20 days ago: its 7 days are over, the
  // ZIP (random bytes: nobody downloads it any more) waits for the retention job.
  const [morgenrotOwner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, morgenrotId), eq(users.role, 'Owner')))
    .limit(1);
  if (morgenrotOwner) {
    const attempt = randomUUID();
    const file = randomBytes(512);
    const [oldExport] = await tx
      .insert(dataExports)
      .values({
        userId: morgenrotOwner.id,
        status: 'ready',
        fileAttempt: attempt,
        fileSize: file.length,
        createdAt: subDays(now, 20),
        readyAt: subDays(now, 20),
        expiresAt: subDays(now, 13),
      })
      .returning({ id: dataExports.id });
    await tx.insert(dataExportFileChunks).values({ exportId: oldExport.id, attempt, seq: 0, data: file });
  }
}
