import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { subMonths } from 'date-fns/subMonths';
import { subYears } from 'date-fns/subYears';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RETENTION_CATEGORIES, type RetentionCategory, type RetentionRunView } from '../../src/domain/retention';
import {
  auditEvents,
  closedAccounts,
  closedCompanies,
  closedCompanyDocuments,
  companies,
  companyApplications,
  dataExportFileChunks,
  dataExports,
  documents,
  eidBindings,
  employeeInvitations,
  identificationProcesses,
  identificationReports,
  retentionRuns,
  users,
} from '../../server/db/schema';
import type { Tx } from '../../server/db/client';
import {
  retentionDryRun,
  runRetention,
  RETENTION_RUN_STALE_MS,
  type RetentionOptions,
} from '../../server/modules/retention/retention-run';
import { retentionJob } from '../../server/jobs/retention.job';
import { apiClient, buildTestApp, DEMO } from './helpers/app';
import { loginAs } from './helpers/login';
import { snapshotTables } from './helpers/snapshot';
import { buildCompany, buildLicense, buildUser, insertProcesses, integratorIdOf } from './helpers/usage';

const ago = {
  days: (n: number) => subDays(new Date(), n),
  months: (n: number) => subMonths(new Date(), n),
  years: (n: number) => subYears(new Date(), n),
};

describe('retention (issue 28)', () => {
  let app: FastifyInstance;
  let options: RetentionOptions;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    options = {
      reportRetentionDays: app.config.reportRetentionDays,
      deleteAccount: (tx: Tx, userId: string) => app.idpAdmin!.deleteUser(tx, userId),
    };
  });
  afterAll(() => app.close());

  const run = (extra: Partial<RetentionOptions> = {}) => runRetention(app.db, { ...options, ...extra });
  const countOf = (
    runResult: {
      categories: { category: RetentionCategory; checked: number; deleted: number; anonymised: number }[];
    },
    c: RetentionCategory,
  ) => runResult.categories.find((x) => x.category === c)!;
  const exists = async (table: typeof users | typeof closedAccounts, id: string) =>
    (await app.db.select({ n: count() }).from(table).where(eq(table.id, id)))[0].n === 1;

  async function archived(values: { closedAt: Date; carriedOut: boolean; email: string }) {
    const id = randomUUID();
    await app.db.insert(closedAccounts).values({
      id,
      role: 'Employee',
      status: 'VerifiedAndApproved',
      email: values.email,
      firstName: 'Alma',
      lastName: 'Archiv',
      pseudonymHash: `hash-${id}`,
      documentType: 'ID',
      reason: 'deleted',
      closedAt: values.closedAt,
      carriedOutIdentifications: values.carriedOut,
    });
    return id;
  }

  it('archives a deleted person before the row goes, with whether they carried out identifications', async () => {
    const sonnenschein = (
      await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'))
    )[0];
    const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
    const [sonnenscheinStore] = await app.db
      .execute<{ id: string }>(sql`SELECT id FROM stores WHERE company_id = ${sonnenschein.id} LIMIT 1`)
      .then((r) => r.rows);
    const license = await buildLicense(app, {
      storeId: sonnenscheinStore.id,
      companyId: sonnenschein.id,
      systemIntegratorId: await integratorIdOf(app, 'FOTOSOFT'),
    });
    await insertProcesses(app, license, [{ at: ago.months(3) }]);

    const identifier = await buildUser(app, {
      email: 'fotografin-archiv@studio-sonnenschein.example',
      role: 'Employee',
      companyId: sonnenschein.id,
      firstName: 'Frieda',
      lastName: 'Fotografin',
    });
    await app.db.insert(eidBindings).values({
      userId: identifier.id,
      pseudonymHash: `pseudonym-${identifier.id}`,
      documentType: 'ID',
      createdAt: ago.years(1),
      boundAt: ago.years(1),
    });
    const bystander = await buildUser(app, {
      email: 'ohne-eid-archiv@studio-sonnenschein.example',
      role: 'Employee',
      companyId: sonnenschein.id,
    });

    for (const person of [identifier, bystander]) {
      const res = await owner.delete(`/api/company/${sonnenschein.id}/user/${person.id}`);
      expect(res.statusCode).toBe(204);
      expect(await exists(users, person.id)).toBe(false);
    }
    const [kept] = await app.db.select().from(closedAccounts).where(eq(closedAccounts.id, identifier.id));
    expect(kept).toMatchObject({
      email: 'fotografin-archiv@studio-sonnenschein.example',
      firstName: 'Frieda',
      lastName: 'Fotografin',
      companyId: sonnenschein.id,
      pseudonymHash: `pseudonym-${identifier.id}`,
      reason: 'deleted',
      carriedOutIdentifications: true,
    });
    const [other] = await app.db.select().from(closedAccounts).where(eq(closedAccounts.id, bystander.id));
    expect(other).toMatchObject({ carriedOutIdentifications: false, pseudonymHash: null, reason: 'deleted' });
  });

  it('counts a person exactly by the processes that name them; only processes without operator are approximated', async () => {
    const { company, stores: studios } = await buildCompany(app, 'Bedienerprobe GmbH');
    await buildUser(app, { email: 'inhaber@bedienerprobe.example', role: 'Owner', companyId: company.id });
    const ownerClient = apiClient(app, (await loginAs(app, 'inhaber@bedienerprobe.example')).accessToken);
    const license = await buildLicense(app, {
      storeId: studios[0].id,
      companyId: company.id,
      systemIntegratorId: await integratorIdOf(app, 'FOTOSOFT'),
    });
    const person = async (email: string, boundAt: Date | null) => {
      const row = await buildUser(app, { email, role: 'Employee', companyId: company.id });
      if (boundAt) {
        await app.db.insert(eidBindings).values({
          userId: row.id,
          pseudonymHash: `pseudonym-${row.id}`,
          documentType: 'ID',
          createdAt: boundAt,
          boundAt,
        });
      }
      return row;
    };
    // Named: carried out one process (its eID binding is younger than the process, it counts anyway).
    const named = await person('genannt@bedienerprobe.example', ago.days(10));
    // Bound for a year in a company whose every process since names someone else: not counted any more.
    const colleague = await person('kollegin@bedienerprobe.example', ago.years(1));
    await insertProcesses(app, license, [{ at: ago.months(2), operatorUserId: named.id, count: 3 }]);
    for (const p of [named, colleague]) {
      expect((await ownerClient.delete(`/api/company/${company.id}/user/${p.id}`)).statusCode).toBe(204);
    }
    const flagOf = async (id: string) =>
      (await app.db.select().from(closedAccounts).where(eq(closedAccounts.id, id)))[0].carriedOutIdentifications;
    expect(await flagOf(named.id)).toBe(true);
    expect(await flagOf(colleague.id)).toBe(false);
    // A process without operator during a bound member's membership still counts for them.
    const member = await person('mitglied@bedienerprobe.example', ago.years(1));
    await insertProcesses(app, license, [{ at: ago.months(1) }]);
    expect((await ownerClient.delete(`/api/company/${company.id}/user/${member.id}`)).statusCode).toBe(204);
    expect(await flagOf(member.id)).toBe(true);
    // The processes keep naming the closed account (no foreign key): its archive has the same id.
    const kept = await app.db
      .select({ n: count() })
      .from(identificationProcesses)
      .where(eq(identificationProcesses.operatorUserId, named.id));
    expect(kept[0].n).toBe(3);
  });

  it('a rejection records its time; deleting the rejected person archives them as rejected, closed at the rejection', async () => {
    const sonnenschein = (
      await app.db.select().from(companies).where(eq(companies.name, 'Fotostudio Sonnenschein GmbH'))
    )[0];
    const owner = apiClient(app, (await loginAs(app, DEMO.owner)).accessToken);
    const person = await buildUser(app, {
      email: 'wird-abgelehnt@studio-sonnenschein.example',
      role: 'Employee',
      companyId: sonnenschein.id,
    });
    // Pending the company's approval: the eID bound, not approved yet.
    await app.db.update(users).set({ status: 'Verified' }).where(eq(users.id, person.id));
    const decided = await owner.put(`/api/company/${sonnenschein.id}/user/${person.id}/status`, { status: 'Rejected' });
    expect(decided.statusCode, decided.body).toBe(200);
    const [rejected] = await app.db.select().from(users).where(eq(users.id, person.id));
    expect(rejected.status).toBe('Rejected');
    expect(rejected.rejectedAt).toBeInstanceOf(Date);

    expect((await owner.delete(`/api/company/${sonnenschein.id}/user/${person.id}`)).statusCode).toBe(204);
    const [archive] = await app.db.select().from(closedAccounts).where(eq(closedAccounts.id, person.id));
    expect(archive).toMatchObject({ reason: 'rejected', carriedOutIdentifications: false, status: 'Rejected' });
    expect(archive.closedAt.getTime()).toBe(rejected.rejectedAt!.getTime());
  });

  it('erases a closed account after 6 months, or after 10 years 6 months if the person carried out identifications; its audit rows are anonymised', async () => {
    const due = await archived({ closedAt: ago.months(7), carriedOut: false, email: 'weg@archiv.example' });
    const young = await archived({ closedAt: ago.months(5), carriedOut: false, email: 'jung@archiv.example' });
    const identifier = await archived({ closedAt: ago.months(7), carriedOut: true, email: 'bleibt@archiv.example' });
    const oldIdentifier = await archived({ closedAt: ago.years(11), carriedOut: true, email: 'alt@archiv.example' });
    const other = randomUUID();
    await app.db.insert(auditEvents).values([
      {
        actorId: due,
        actorEmail: 'weg@archiv.example',
        actorRole: 'Employee',
        action: 'user.name-changed',
        entityType: 'user',
        entityId: due,
        before: { firstName: 'Alma', lastName: 'Archiv', email: 'weg@archiv.example', status: 'Active' },
        after: { firstName: 'Alma', lastName: 'Neu', status: 'Active' },
      },
      {
        actorId: due,
        actorEmail: 'weg@archiv.example',
        actorRole: 'Owner',
        action: 'store.updated',
        entityType: 'store',
        entityId: other,
        before: { name: 'Studio Alt' },
        after: { name: 'Studio Neu' },
      },
      {
        actorId: identifier,
        actorEmail: 'bleibt@archiv.example',
        actorRole: 'Employee',
        action: 'user.name-changed',
        entityType: 'user',
        entityId: identifier,
        before: { firstName: 'Alma', email: 'bleibt@archiv.example' },
      },
    ]);

    const result = await run();
    expect(await exists(closedAccounts, due)).toBe(false);
    expect(await exists(closedAccounts, oldIdentifier)).toBe(false);
    expect(await exists(closedAccounts, young)).toBe(true);
    expect(await exists(closedAccounts, identifier)).toBe(true);
    expect(countOf(result, 'closedAccounts').deleted).toBeGreaterThanOrEqual(2);
    expect(countOf(result, 'auditRows').anonymised).toBeGreaterThanOrEqual(2);

    const rows = await app.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.actorId, [due, identifier]));
    const about = rows.find((r) => r.entityId === due)!;
    expect(about.actorEmail).toBeNull();
    expect(about.before).toEqual({ status: 'Active' });
    expect(about.after).toEqual({ status: 'Active' });
    expect(about.action).toBe('user.name-changed');
    // A row by the person about something else keeps its content; only the actor's e-mail goes.
    const by = rows.find((r) => r.entityId === other)!;
    expect(by.actorEmail).toBeNull();
    expect(by.before).toEqual({ name: 'Studio Alt' });
    const kept = rows.find((r) => r.entityId === identifier)!;
    expect(kept.actorEmail).toBe('bleibt@archiv.example');
    expect(kept.before).toEqual({ firstName: 'Alma', email: 'bleibt@archiv.example' });
  });

  it('erasing a person also anonymises their values in other records of the company: the invitation to their e-mail (old and new), their names where it names them; others stay', async () => {
    const { company } = await buildCompany(app, 'Einladungsprobe GmbH');
    await buildUser(app, { email: 'inhaber@einladungsprobe.example', role: 'Owner', companyId: company.id });
    const owner = apiClient(app, (await loginAs(app, 'inhaber@einladungsprobe.example')).accessToken);
    for (const email of ['nina.alt@einladungsprobe.example', 'kollegin@einladungsprobe.example']) {
      expect((await owner.post('/api/employee-invitation', { email })).statusCode).toBe(201);
    }
    const invitationRow = async (email: string) =>
      (
        await app.db
          .select()
          .from(auditEvents)
          .where(sql`${auditEvents.companyId} = ${company.id} AND ${auditEvents.after} ->> 'email' = ${email}`)
      )[0];
    const invited = await invitationRow('nina.alt@einladungsprobe.example');
    expect(invited).toMatchObject({ action: 'invitation.created', entityType: 'invitation' });
    const colleagueInvited = await invitationRow('kollegin@einladungsprobe.example');

    // Registered from the invitation (as employee-invitations.service.ts records it), then changed her e-mail.
    const nina = await buildUser(app, {
      email: 'nina@einladungsprobe.example',
      role: 'Employee',
      companyId: company.id,
      firstName: 'Nina',
      lastName: 'Neumann',
    });
    // A colleague of the same first name: her rows never name Nina's e-mail and stay as they are.
    const colleague = await buildUser(app, {
      email: 'kollegin@einladungsprobe.example',
      role: 'Employee',
      companyId: company.id,
      firstName: 'Nina',
      lastName: 'Kollegin',
    });
    const registered = (id: string, invitationId: string, email: string, lastName: string) => ({
      actorId: id,
      actorEmail: email,
      actorRole: 'Employee',
      action: 'user.registered',
      entityType: 'user',
      entityId: id,
      companyId: company.id,
      after: { invitationId, email, firstName: 'Nina', lastName, role: 'Employee' },
    });
    const [, colleagueRegistered, , mention] = await app.db
      .insert(auditEvents)
      .values([
        registered(nina.id, invited.entityId, 'nina.alt@einladungsprobe.example', 'Neumann'),
        registered(colleague.id, colleagueInvited.entityId, 'kollegin@einladungsprobe.example', 'Kollegin'),
        {
          actorId: nina.id,
          actorEmail: 'nina@einladungsprobe.example',
          actorRole: 'Employee',
          action: 'user.email-changed',
          entityType: 'user',
          entityId: nina.id,
          companyId: company.id,
          before: { email: 'nina.alt@einladungsprobe.example' },
          after: { email: 'nina@einladungsprobe.example' },
        },
        // A record naming her inside another one, nested, her e-mail in another case.
        {
          actorId: colleague.id,
          actorEmail: 'kollegin@einladungsprobe.example',
          actorRole: 'Employee',
          action: 'store.updated',
          entityType: 'store',
          entityId: randomUUID(),
          companyId: company.id,
          after: {
            name: 'Studio Nina',
            contact: { email: 'Nina@Einladungsprobe.example', firstName: 'Nina', lastName: 'Neumann' },
            note: 'Neumann',
            birthDate: '1990-05-05',
          },
        },
      ])
      .returning();
    await app.db.update(users).set({ birthDate: '1990-05-05' }).where(eq(users.id, nina.id));
    // A second person of the company erased in the same batch: only his own values go from his rows.
    const otto = await buildUser(app, {
      email: 'otto@einladungsprobe.example',
      role: 'Employee',
      companyId: company.id,
      firstName: 'Otto',
      lastName: 'Ohnesorg',
    });
    const [ottoMention] = await app.db
      .insert(auditEvents)
      .values({
        action: 'store.updated',
        entityType: 'store',
        entityId: randomUUID(),
        companyId: company.id,
        after: { contact: 'otto@einladungsprobe.example', firstName: 'Otto', deputy: 'Neumann' },
      })
      .returning();
    expect((await owner.delete(`/api/company/${company.id}/user/${otto.id}`)).statusCode).toBe(204);
    await app.db
      .update(closedAccounts)
      .set({ closedAt: ago.months(7) })
      .where(eq(closedAccounts.id, otto.id));

    expect((await owner.delete(`/api/company/${company.id}/user/${nina.id}`)).statusCode).toBe(204);
    await app.db
      .update(closedAccounts)
      .set({ closedAt: ago.months(7) })
      .where(eq(closedAccounts.id, nina.id));
    const companyRows = async () =>
      app.db.select().from(auditEvents).where(eq(auditEvents.companyId, company.id)).orderBy(auditEvents.id);
    const before = await companyRows();

    // The dry run counts what the run will anonymise, the rows naming them inside other records too.
    const dry = await retentionDryRun(app.db, options);
    expect(await companyRows()).toEqual(before);
    const result = await run();
    expect(dry.find((c) => c.category === 'auditRows')!.checked).toBe(countOf(result, 'auditRows').anonymised);
    expect(await exists(closedAccounts, nina.id)).toBe(false);
    const after = await companyRows();
    const byId = new Map(after.map((row) => [row.id, row]));
    // The invitation row no longer holds her (old) e-mail; the rest of it stays.
    expect(byId.get(invited.id)!.after).toEqual({ email: 'gelöscht', expiresAt: invited.after!.expiresAt });
    expect(byId.get(mention.id)!.after).toEqual({
      name: 'Studio Nina',
      contact: { email: 'gelöscht', firstName: 'gelöscht', lastName: 'gelöscht' },
      note: 'gelöscht',
      birthDate: 'gelöscht',
    });
    // Nina's last name stays in a row that names only Otto.
    expect(byId.get(ottoMention.id)!.after).toEqual({ contact: 'gelöscht', firstName: 'gelöscht', deputy: 'Neumann' });
    // Other people's rows: unchanged, although the colleague is a Nina too.
    expect(byId.get(colleagueInvited.id)).toEqual(before.find((r) => r.id === colleagueInvited.id));
    expect(byId.get(colleagueRegistered.id)).toEqual(before.find((r) => r.id === colleagueRegistered.id));
    const changed = after.filter((row) => JSON.stringify(row) !== JSON.stringify(before.find((r) => r.id === row.id)));
    // Her registration, her e-mail change, her deletion (rows about her), the invitation, the mention;
    // Otto's deletion and the row naming him.
    expect(changed.map((row) => row.action).sort()).toEqual(
      [
        'invitation.created',
        'store.updated',
        'store.updated',
        'user.deleted',
        'user.deleted',
        'user.email-changed',
        'user.registered',
      ].sort(),
    );
    for (const row of after) {
      expect(JSON.stringify(row).toLowerCase()).not.toContain('nina@einladungsprobe');
      expect(JSON.stringify(row)).not.toContain('nina.alt@');
    }
    expect(countOf(result, 'auditRows').anonymised).toBeGreaterThanOrEqual(changed.length);
    expect(dry.find((c) => c.category === 'auditRows')!.checked).toBeGreaterThanOrEqual(changed.length);

    // The Protokoll still lists them: no missing key trips it, the values read 'gelöscht'.
    const lumioAdmin = apiClient(app, (await loginAs(app, DEMO.lumioAdmin)).accessToken);
    const log = await lumioAdmin.get(`/api/audit?companyId=${company.id}&pageSize=100`);
    expect(log.statusCode, log.body).toBe(200);
    const items = (log.json() as { items: { id: string; subject: string | null }[] }).items;
    expect(items.map((item) => item.id).sort()).toEqual(after.map((row) => row.id).sort());
    expect(log.body).not.toContain('nina@einladungsprobe');

    // A second run changes nothing.
    await run();
    expect(await companyRows()).toEqual(after);
  });

  it('applies every rule: what is due goes, what is younger stays', async () => {
    const { company, stores } = await buildCompany(app, 'Aufbewahrung Altfirma');
    const license = await buildLicense(app, {
      storeId: stores[0].id,
      companyId: company.id,
      systemIntegratorId: await integratorIdOf(app, 'FOTOSOFT'),
    });
    await insertProcesses(app, license, [
      { at: ago.years(11), count: 3 },
      { at: subMonths(ago.years(10), 5), count: 1 },
    ]);
    const application = (id: string, status: 'Rejected' | 'Approved', decidedAt: Date) => ({
      id,
      status,
      email: `antrag-${id}@archiv.example`,
      salutation: 'Frau',
      firstName: 'Anna',
      lastName: 'Antrag',
      birthDate: '1980-01-01',
      companyName: 'Antrag GmbH',
      legalForm: 'GmbH',
      address: 'Weg 1, 10115 Berlin',
      country: 'Deutschland',
      phoneNumber: '+4930123',
      stores: [],
      confirmUntil: subDays(decidedAt, 10),
      confirmedAt: subDays(decidedAt, 12),
      decidedAt,
    });
    const oldRejected = randomUUID();
    const youngRejected = randomUUID();
    await app.db
      .insert(companyApplications)
      .values([
        application(oldRejected, 'Rejected', ago.months(7)),
        application(youngRejected, 'Rejected', ago.months(5)),
      ]);
    // The decisions' audit rows have no company; they name the applicant's e-mail.
    const decisionRow = (id: string) => ({
      action: 'application.rejected',
      entityType: 'application',
      entityId: id,
      after: { status: 'Rejected', companyName: 'Antrag GmbH', applicantEmail: `antrag-${id}@archiv.example` },
    });
    const [oldDecision, youngDecision] = await app.db
      .insert(auditEvents)
      .values([decisionRow(oldRejected), decisionRow(youngRejected)])
      .returning();
    const bytes = Buffer.from('x');
    await app.db.insert(documents).values({
      name: 'Gewerbe.pdf',
      contentType: 'application/pdf',
      size: 1,
      ciphertext: bytes,
      iv: bytes,
      authTag: bytes,
      applicationId: oldRejected,
    });
    const closedCompany = randomUUID();
    await app.db.insert(closedCompanies).values({
      id: closedCompany,
      name: 'Geschlossen GmbH',
      legalForm: 'GmbH',
      address: 'Weg 2',
      country: 'Deutschland',
      phoneNumber: '+4930',
      companyCreatedAt: ago.years(3),
      closedAt: ago.months(7),
    });
    await app.db.insert(closedCompanyDocuments).values({
      id: randomUUID(),
      closedCompanyId: closedCompany,
      name: 'Gewerbe.pdf',
      contentType: 'application/pdf',
      size: 1,
      ciphertext: bytes,
      iv: bytes,
      authTag: bytes,
      createdAt: ago.years(3),
      closedAt: ago.months(7),
    });
    const invitation = (usedAt: Date | null, expiresAt: Date) => ({
      tokenHash: randomUUID(),
      companyId: company.id,
      email: `einladung-${randomUUID()}@archiv.example`,
      createdAt: subDays(expiresAt, 7),
      expiresAt,
      usedAt,
    });
    const [endedInvitation, openInvitation] = await app.db
      .insert(employeeInvitations)
      .values([invitation(ago.days(40), ago.days(35)), invitation(null, subDays(new Date(), -5))])
      .returning();
    const [oldReport] = await app.db
      .insert(identificationReports)
      .values({
        startDate: '2020-01-01',
        endDate: '2020-01-31',
        state: 'Completed',
        scopeCompanyId: company.id,
        createdAt: ago.days(200),
        updatedAt: ago.days(200),
      })
      .returning();
    const rejectedPerson = await buildUser(app, {
      email: 'abgelehnt-alt@archiv.example',
      role: 'Employee',
      companyId: company.id,
      status: 'Rejected',
    });
    await app.db
      .update(users)
      .set({ rejectedAt: ago.months(7) })
      .where(eq(users.id, rejectedPerson.id));
    const youngRejectedPerson = await buildUser(app, {
      email: 'abgelehnt-jung@archiv.example',
      role: 'Employee',
      companyId: company.id,
      status: 'Rejected',
    });
    await app.db
      .update(users)
      .set({ rejectedAt: ago.months(2) })
      .where(eq(users.id, youngRejectedPerson.id));
    const [oldAudit] = await app.db
      .insert(auditEvents)
      .values({ action: 'store.updated', entityType: 'store', entityId: randomUUID(), at: ago.years(11) })
      .returning();

    const exportOwner = await buildUser(app, {
      email: `auskunft-${randomUUID()}@archiv.example`,
      role: 'Owner',
      companyId: company.id,
    });
    const dataExport = async (expiresAt: Date) => {
      const attempt = randomUUID();
      const [row] = await app.db
        .insert(dataExports)
        .values({ userId: exportOwner.id, status: 'ready', fileAttempt: attempt, fileSize: 1, expiresAt })
        .returning();
      await app.db.insert(dataExportFileChunks).values({ exportId: row.id, attempt, seq: 0, data: bytes });
      return row.id;
    };
    const expiredExport = await dataExport(subDays(new Date(), 1));
    const freshExport = await dataExport(addDays(new Date(), 6));
    const chunksOf = async (id: string) =>
      (await app.db.select({ n: count() }).from(dataExportFileChunks).where(eq(dataExportFileChunks.exportId, id)))[0]
        .n;

    const dry = await retentionDryRun(app.db, options);
    for (const category of RETENTION_CATEGORIES) {
      expect(dry.find((c) => c.category === category)!.checked, category).toBeGreaterThan(0);
    }
    const result = await run();
    // What the dry run said is what the run did, in every category.
    for (const category of RETENTION_CATEGORIES) {
      expect(dry.find((c) => c.category === category)!.checked, category).toBe(countOf(result, category).checked);
    }

    const processes = await app.db
      .select({ at: identificationProcesses.createdAt })
      .from(identificationProcesses)
      .where(eq(identificationProcesses.licenseId, license.id));
    expect(processes).toHaveLength(1);
    expect(countOf(result, 'identificationProcesses').deleted).toBeGreaterThanOrEqual(3);
    const applicationsLeft = await app.db
      .select({ id: companyApplications.id })
      .from(companyApplications)
      .where(inArray(companyApplications.id, [oldRejected, youngRejected]));
    expect(applicationsLeft.map((a) => a.id)).toEqual([youngRejected]);
    expect(await app.db.select().from(documents).where(eq(documents.applicationId, oldRejected))).toHaveLength(0);
    const decisions = await app.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.id, [oldDecision.id, youngDecision.id]));
    expect(decisions.find((r) => r.id === oldDecision.id)!.after).toEqual({
      status: 'Rejected',
      companyName: 'Antrag GmbH',
      applicantEmail: 'gelöscht',
    });
    expect(decisions.find((r) => r.id === youngDecision.id)!.after).toEqual(youngDecision.after);
    expect(await app.db.select().from(closedCompanies).where(eq(closedCompanies.id, closedCompany))).toHaveLength(0);
    expect(countOf(result, 'approvedApplicationDocuments').deleted).toBeGreaterThanOrEqual(1);
    const invitationsLeft = await app.db
      .select({ id: employeeInvitations.id })
      .from(employeeInvitations)
      .where(inArray(employeeInvitations.id, [endedInvitation.id, openInvitation.id]));
    expect(invitationsLeft.map((i) => i.id)).toEqual([openInvitation.id]);
    expect(
      await app.db.select().from(identificationReports).where(eq(identificationReports.id, oldReport.id)),
    ).toHaveLength(0);
    expect(await exists(users, rejectedPerson.id)).toBe(false);
    expect(await exists(users, youngRejectedPerson.id)).toBe(true);
    expect(await app.db.select().from(auditEvents).where(eq(auditEvents.id, oldAudit.id))).toHaveLength(0);
    expect(countOf(result, 'dataExports').deleted).toBeGreaterThanOrEqual(1);
    expect(await chunksOf(expiredExport)).toBe(0);
    expect(await chunksOf(freshExport)).toBe(1);
  });

  it('is idempotent: a second run right after finds nothing more to do', async () => {
    await run();
    const again = await run();
    for (const c of again.categories) expect(c, c.category).toMatchObject({ deleted: 0, anonymised: 0 });
  });

  it('dry run changes nothing', async () => {
    const { company, stores } = await buildCompany(app, 'Aufbewahrung Probelauf');
    const license = await buildLicense(app, {
      storeId: stores[0].id,
      companyId: company.id,
      systemIntegratorId: await integratorIdOf(app, 'FOTOSOFT'),
    });
    await insertProcesses(app, license, [{ at: ago.years(12), count: 5 }]);
    await archived({ closedAt: ago.months(8), carriedOut: false, email: 'probe@archiv.example' });
    const before = await snapshotTables(app);
    const runsBefore = (await app.db.select({ n: count() }).from(retentionRuns))[0].n;
    const dry = await retentionDryRun(app.db, options);
    expect(dry.find((c) => c.category === 'identificationProcesses')!.checked).toBe(5);
    expect(dry.find((c) => c.category === 'closedAccounts')!.checked).toBe(1);
    expect(await snapshotTables(app)).toEqual(before);
    expect((await app.db.select({ n: count() }).from(retentionRuns))[0].n).toBe(runsBefore);
    await run();
  });

  async function expiredProcesses(n: number) {
    const { company, stores } = await buildCompany(app, `Aufbewahrung Masse ${randomUUID()}`);
    const license = await buildLicense(app, {
      storeId: stores[0].id,
      companyId: company.id,
      systemIntegratorId: await integratorIdOf(app, 'FOTOSOFT'),
    });
    await insertProcesses(app, license, [{ at: ago.years(11), count: n }]);
    return license.id;
  }
  const left = async (licenseId: string) =>
    (
      await app.db
        .select({ n: count() })
        .from(identificationProcesses)
        .where(eq(identificationProcesses.licenseId, licenseId))
    )[0].n;

  it('two runs at once handle every row once, and their counts add up', async () => {
    const licenseId = await expiredProcesses(1_200);
    const [a, b] = await Promise.all([run({ batchSize: 100 }), run({ batchSize: 100 })]);
    expect(await left(licenseId)).toBe(0);
    expect(countOf(a, 'identificationProcesses').deleted + countOf(b, 'identificationProcesses').deleted).toBe(1_200);
    const recorded = await app.db.execute<{ deleted: number }>(
      sql`SELECT coalesce(sum(deleted), 0)::int AS deleted FROM retention_run_counts
          WHERE category = 'identificationProcesses' AND run_id IN (${a.id}, ${b.id})`,
    );
    expect(recorded.rows[0].deleted).toBe(1_200);
  });

  it('a run stopped after its first batch leaves whole batches; the next run continues', async () => {
    const licenseId = await expiredProcesses(450);
    let batches = 0;
    await expect(
      run({
        batchSize: 100,
        afterBatch: () => {
          batches += 1;
          if (batches === 1) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await left(licenseId)).toBe(350);
    const [failed] = await app.db
      .select()
      .from(retentionRuns)
      .orderBy(sql`started_at desc`)
      .limit(1);
    expect(failed.status).toBe('failed');
    const next = await run({ batchSize: 100 });
    expect(countOf(next, 'identificationProcesses').deleted).toBe(350);
    expect(await left(licenseId)).toBe(0);
  });

  it('runs as the daily job on the queue, recorded as a finished run', async () => {
    const licenseId = await expiredProcesses(30);
    const before = (await app.db.select({ n: count() }).from(retentionRuns))[0].n;
    await app.jobs.send(retentionJob, {});
    await vi.waitFor(
      async () => {
        const runs = await app.db
          .select()
          .from(retentionRuns)
          .orderBy(sql`started_at desc`);
        expect(runs.length).toBe(before + 1);
        expect(runs[0].status).toBe('finished');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await left(licenseId)).toBe(0);
    expect(retentionJob.schedule).toBe('40 2 * * *');
  });

  it('GET /api/retention-run: SystemAdmin reads the runs newest first with every category; a dead run shows as failed; others 403', async () => {
    const startedAt = new Date(Date.now() + 60_000);
    const heartbeatAt = new Date(Date.now() - RETENTION_RUN_STALE_MS - 60_000);
    const [dead] = await app.db
      .insert(retentionRuns)
      .values({ startedAt, heartbeatAt, status: 'running' })
      .returning({ id: retentionRuns.id });
    const admin = apiClient(app, (await loginAs(app, DEMO.systemAdmin)).accessToken);
    const res = await admin.get('/api/retention-run?pageIndex=0&pageSize=2');
    expect(res.statusCode).toBe(200);
    const page = res.json() as {
      pageIndex: number;
      pageSize: number;
      totalItemCount: number;
      items: RetentionRunView[];
    };
    expect(page.pageSize).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(page.totalItemCount).toBeGreaterThan(2);
    expect(page.items[0]).toMatchObject({ id: dead.id, status: 'failed', finishedAt: null });
    expect(page.items[0].categories.map((c) => c.category)).toEqual([...RETENTION_CATEGORIES]);
    expect(page.items[1].status).toBe('finished');
    expect(Object.keys(page.items[1]).sort()).toEqual(['categories', 'finishedAt', 'id', 'startedAt', 'status']);

    for (const email of [DEMO.lumioAdmin, DEMO.owner, DEMO.integrator, DEMO.employee]) {
      const other = apiClient(app, (await loginAs(app, email)).accessToken);
      expect((await other.get('/api/retention-run')).statusCode, email).toBe(403);
    }
    // API clients: 403 by the permission table (docs/permissions.md, tests/api/permissions.test.ts).
    expect((await app.inject({ method: 'GET', url: '/api/retention-run' })).statusCode).toBe(401);
  });
});
