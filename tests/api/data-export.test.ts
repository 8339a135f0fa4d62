import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_ENTRIES, dataExportFileName } from '../../src/domain/dataExport';
import { eidDocumentTypeLabel } from '../../src/domain/eid';
import { dataExports, eidBindings, licenses } from '../../server/db/schema';
import { DATA_EXPORT_READY_SUBJECT } from '../../server/mail/templates/data-export-ready';
import { purgeExpiredDataExports } from '../../server/modules/data-export/data-export-purge';
import { dataExportRepository } from '../../server/modules/data-export/data-export.repository';
import { processesFile } from '../../server/modules/data-export/data-export-builder';
import { PROCESS_PAGE_SIZE, PROCESSES_NOTE } from '../../server/modules/data-export/data-export-content';
import { buildTestApp, DEMO, errorOf } from './helpers/app';
import { bindWith, companyPerson, demoClient, type Client, type Person } from './helpers/eid';
import { addDays, demoLicenseOwners, deviceClient, insertLicense, insertPackage } from './helpers/deviceLicenses';
import { insertProcesses } from './helpers/usage';
import { readZip } from './helpers/zip';

const BASE = '/api/self/data-export';

interface DataExport {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

async function request(client: Client): Promise<string> {
  const res = await client.post(BASE);
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { id: string }).id;
}

async function waitReady(client: Client, id: string): Promise<DataExport> {
  let found: DataExport | undefined;
  await vi.waitFor(
    async () => {
      const res = await client.get(`${BASE}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      found = res.json() as DataExport;
      expect(found.status).toBe('ready');
    },
    { timeout: 30_000, interval: 100 },
  );
  return found!;
}

/** Downloads the export and answers every entry as text, and all of it in one string. */
async function download(client: Client, id: string) {
  const res = await client.get(`${BASE}/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  const entries = await readZip(res.rawPayload);
  const texts = new Map([...entries].map(([name, bytes]) => [name, bytes.toString('utf8')]));
  const json = (name: string) => JSON.parse(texts.get(name) ?? 'null') as unknown;
  return { res, texts, all: [...texts.values()].join('\n'), json };
}

describe("a person's own data export ('Meine Daten', POST/GET /api/self/data-export)", () => {
  let app: FastifyInstance;
  let now = new Date();
  // Two people of one company: Anna (account administrator) decides about Bert (employee).
  let anna: Person;
  let bert: Person;
  let owner: Client;
  let lumioAdmin: Client;
  let annaExport: string;

  beforeAll(async () => {
    app = await buildTestApp({ REPORT_RETRY_DELAY_SECONDS: '1' }, { clock: () => now });
    await app.ready();
    anna = await companyPerson(app, 'VerifiedAndApproved', {
      firstName: 'Annegret',
      lastName: 'Auskunftsfrau',
      role: 'AccountAdministrator',
      birthDate: '1985-04-12',
    });
    bert = await companyPerson(app, 'Unverified', { firstName: 'Bertram', lastName: 'Zweitmann', salutation: 'Herr' });
    owner = await demoClient(app, DEMO.owner);
    lumioAdmin = await demoClient(app, DEMO.lumioAdmin);
    const companyId = anna.row.companyId!;
    // Anna approves Bert: a row by Anna about Bert, in both exports' reach.
    const approved = await anna.client.put(`/api/company/${companyId}/user/${bert.row.id}/status`, {
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Bert binds his ID card: the binding's pseudonym hash must never leave the database.
    const { res } = await bindWith(app, bert.client, 'match');
    expect(res.statusCode, res.body).toBe(200);
    annaExport = await request(anna.client);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 202 with an id, shows the status until ready, and mails the person a link to the profile', async () => {
    const queued = await anna.client.get(`${BASE}/${annaExport}`);
    expect(queued.statusCode).toBe(200);
    expect(['queued', 'running', 'ready']).toContain((queued.json() as DataExport).status);
    const ready = await waitReady(anna.client, annaExport);
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 24 * 3600 * 1000);
    const mail = await app.mailCatcher!.waitFor(
      (m) => m.to === anna.row.email && m.subject === DATA_EXPORT_READY_SUBJECT,
    );
    expect(mail.text).toContain('/profile-management');
    expect(mail.text).toContain('Meine Daten');
    // Not attached: the mail carries no file.
    expect(mail.text).not.toContain('.zip');
    const list = await anna.client.get(BASE);
    expect(list.statusCode).toBe(200);
    expect((list.json() as DataExport[])[0].id).toBe(annaExport);
  });

  it('downloads a ZIP with a German file name, the summary and the JSON files of the person', async () => {
    const { res, texts, json } = await download(anna.client, annaExport);
    expect(res.headers['content-type']).toBe('application/zip');
    const readyAt = (await waitReady(anna.client, annaExport)).readyAt!;
    expect(res.headers['content-disposition']).toContain(dataExportFileName(new Date(readyAt)));
    expect(res.headers['content-disposition']).toMatch(/Meine_Daten_\d{8}\.zip/);
    expect([...texts.keys()].sort()).toEqual(Object.values(DATA_EXPORT_ENTRIES).sort());
    const html = texts.get(DATA_EXPORT_ENTRIES.summary)!;
    expect(html).toContain('<h1>Meine Daten bei Lumio</h1>');
    expect(html).toContain('Annegret');
    expect(html).toContain('Auskunftsfrau');
    expect(html).toContain('12.04.1985');
    expect(html).toContain('Konto-Administratorin');
    expect(html).toContain('Es gibt keine Identifizierungsvorgänge, die Ihnen zugeordnet sind.');
    expect(html).toContain(PROCESSES_NOTE);
    expect(html).toContain('Konto freigegeben');
    expect(json(DATA_EXPORT_ENTRIES.profile)).toMatchObject({
      id: anna.row.id,
      firstName: 'Annegret',
      lastName: 'Auskunftsfrau',
      email: anna.row.email,
      birthDate: '1985-04-12',
      role: 'AccountAdministrator',
      status: 'VerifiedAndApproved',
    });
    expect(json(DATA_EXPORT_ENTRIES.company)).toMatchObject({
      role: 'AccountAdministrator',
      company: { name: 'Fotostudio Sonnenschein GmbH' },
    });
    expect(json(DATA_EXPORT_ENTRIES.processes)).toEqual({ note: PROCESSES_NOTE, count: 0, items: [] });
    const audit = json(DATA_EXPORT_ENTRIES.audit) as { action: string; by: string; subjectId: string | null }[];
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'user.approved', by: 'Sie selbst', subject: 'Person', subjectId: null }),
    );
  });

  it("never holds the other person's name, e-mail or id, nor the eID pseudonym (two people of one company)", async () => {
    const annas = await download(anna.client, annaExport);
    for (const text of [bert.row.firstName, bert.row.lastName, bert.row.email, bert.row.id]) {
      expect(annas.all).not.toContain(text);
    }
    const bertsId = await request(bert.client);
    await waitReady(bert.client, bertsId);
    const berts = await download(bert.client, bertsId);
    for (const text of [anna.row.firstName, anna.row.lastName, anna.row.email, anna.row.id, DEMO.owner]) {
      expect(berts.all).not.toContain(text);
    }
    expect(berts.all).toContain('Bertram');
    // Bert's approval by Anna names her by role only.
    const audit = berts.json(DATA_EXPORT_ENTRIES.audit) as { action: string; by: string; aboutYou: boolean }[];
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'user.approved', by: 'Konto-Administrator*in', aboutYou: true }),
    );
    const history = berts.json(DATA_EXPORT_ENTRIES.statusHistory) as { to: string }[];
    expect(history.map((h) => h.to)).toEqual(['Unverified', 'Approved', 'VerifiedAndApproved']);
    // The eID binding: date and status, never the pseudonym's hash.
    const [binding] = await app.db.select().from(eidBindings).where(eq(eidBindings.userId, bert.row.id));
    expect(berts.all).not.toContain(binding.pseudonymHash);
    expect(berts.json(DATA_EXPORT_ENTRIES.eid)).toMatchObject({
      status: 'verknüpft',
      documentType: binding.documentType,
    });
    expect(berts.all).not.toMatch(/pseudonym_?hash/i);
    // The summary names the document in German.
    expect(berts.texts.get(DATA_EXPORT_ENTRIES.summary)).toContain(
      `<th>Dokumentart</th><td>${eidDocumentTypeLabel(binding.documentType)}</td>`,
    );
  });

  it("lists the processes the person carried out, never a colleague's nor one without operator; the summary shows the newest 100", async () => {
    const license = await insertLicense(app, await demoLicenseOwners(app), { boundMachineId: 'AUSKUNFT-PC' });
    const today = now.toISOString().slice(0, 10);
    await insertPackage(app, license.id, { startDate: addDays(today, -1), endDate: addDays(today, 1), amount: 10 });
    const device = deviceClient(app, license.key, 'AUSKUNFT-PC');
    // Bert was approved and bound his eID in beforeAll; Anna's card is bound here: both may identify.
    await app.db.insert(eidBindings).values({
      userId: anna.row.id,
      pseudonymHash: `auskunft-${anna.row.id}`,
      documentType: 'ID',
      createdAt: now,
      boundAt: now,
    });
    const names = (await device.operators()).json<{ items: { id: string }[] }>().items.map((item) => item.id);
    expect(names).toEqual(expect.arrayContaining([anna.row.id, bert.row.id]));
    const annas = await device.identify(randomUUID(), anna.row.id);
    expect(annas.statusCode, annas.body).toBe(201);
    const cancelled = await device.identify(randomUUID(), anna.row.id);
    expect((await device.cancel(cancelled.json<{ id: string }>().id)).statusCode).toBe(200);
    expect((await device.identify(randomUUID(), bert.row.id)).statusCode).toBe(201);
    expect((await device.identify()).statusCode).toBe(201);
    // 2,100 older ones of Anna's on two days: the summary shows the newest 100 of 2,102, the JSON all,
    // read in pages of PROCESS_PAGE_SIZE (the page boundaries fall inside a day's ties).
    const [licenseRow] = await app.db.select().from(licenses).where(eq(licenses.id, license.id));
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    await insertProcesses(app, licenseRow, [
      { at: daysAgo(30), count: 1050, operatorUserId: anna.row.id },
      { at: daysAgo(31), count: 1050, operatorUserId: anna.row.id },
    ]);
    expect(PROCESS_PAGE_SIZE).toBeLessThan(1050);

    const annaId = await request(anna.client);
    await waitReady(anna.client, annaId);
    const annaFiles = await download(anna.client, annaId);
    const annaProcesses = annaFiles.json(DATA_EXPORT_ENTRIES.processes) as {
      note: string;
      count: number;
      items: { at: string; studio: string; licenseKeyEnd: string; status: string; cancelledAt: string | null }[];
    };
    expect(annaProcesses.note).toBe(PROCESSES_NOTE);
    expect(annaProcesses.count).toBe(2102);
    expect(annaProcesses.items).toHaveLength(2102);
    const perDay = new Map<string, number>();
    for (const item of annaProcesses.items) perDay.set(item.at, (perDay.get(item.at) ?? 0) + 1);
    expect(perDay.get(daysAgo(30).toISOString())).toBe(1050);
    expect(perDay.get(daysAgo(31).toISOString())).toBe(1050);
    expect(Object.keys(annaProcesses.items[0]).sort()).toEqual([
      'at',
      'cancelledAt',
      'licenseKeyEnd',
      'status',
      'studio',
    ]);
    // The two recorded through the device API come first (the test's clock stands: same time, any order).
    expect(annaProcesses.items.slice(0, 2)).toHaveLength(2);
    expect(annaProcesses.items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          studio: 'Sonnenschein Neukölln',
          licenseKeyEnd: license.key.slice(-5),
          status: 'Cancelled',
          cancelledAt: expect.any(String),
        }),
        expect.objectContaining({
          studio: 'Sonnenschein Neukölln',
          licenseKeyEnd: license.key.slice(-5),
          status: 'Completed',
          cancelledAt: null,
        }),
      ]),
    );
    const times = annaProcesses.items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(annaFiles.all).not.toContain(license.key);
    const annaHtml = annaFiles.texts.get(DATA_EXPORT_ENTRIES.summary)!;
    expect(annaHtml).toContain('Sie haben 2.102 Identifizierungsvorgänge durchgeführt.');
    expect(annaHtml).toContain(
      `Hier stehen die 100 neuesten; alle finden Sie in der Datei ${DATA_EXPORT_ENTRIES.processes}.`,
    );
    expect(annaHtml.split(`<td>…${license.key.slice(-5)}</td>`).length - 1).toBe(100);
    expect(annaHtml).toContain('<td>Storniert</td>');
    expect(annaHtml).toContain(PROCESSES_NOTE);

    const bertId = await request(bert.client);
    await waitReady(bert.client, bertId);
    const bertFiles = await download(bert.client, bertId);
    const bertProcesses = bertFiles.json(DATA_EXPORT_ENTRIES.processes) as {
      count: number;
      items: { status: string }[];
    };
    expect(bertProcesses.count).toBe(1);
    expect(bertProcesses.items).toEqual([expect.objectContaining({ status: 'Completed', cancelledAt: null })]);
    const bertHtml = bertFiles.texts.get(DATA_EXPORT_ENTRIES.summary)!;
    expect(bertHtml).toContain('Sie haben einen Identifizierungsvorgang durchgeführt.');
    expect(bertHtml).not.toContain('neuesten');
    for (const text of [anna.row.firstName, anna.row.lastName, anna.row.email, anna.row.id]) {
      expect(bertFiles.all).not.toContain(text);
    }
  });

  it("answers anyone else's export 404, also in the same company and for a LumioAdmin", async () => {
    for (const client of [bert.client, owner, lumioAdmin]) {
      for (const url of [`${BASE}/${annaExport}`, `${BASE}/${annaExport}/download`]) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(errorOf(res)).toMatchObject({ errorCode: 'NOT_FOUND', messages: ['Not found'], status: 404 });
      }
      const list = await client.get(BASE);
      expect((list.json() as DataExport[]).map((e) => e.id)).not.toContain(annaExport);
    }
    expect((await anna.client.get(`${BASE}/${randomUUID()}`)).statusCode).toBe(404);
    const malformed = await anna.client.get(`${BASE}/kein-export/download`);
    expect(malformed.statusCode).toBe(404);
    expect(errorOf(malformed).messages[0]).toBe('Not found');
    expect((await app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });

  it('keeps one export in preparation at a time: a second request answers the first one', async () => {
    const person = await companyPerson(app, 'Approved');
    const [first, second] = await Promise.all([person.client.post(BASE), person.client.post(BASE)]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const ids = [first, second].map((res) => (res.json() as { id: string }).id);
    const third = await request(person.client);
    const preparing = await app.db.select().from(dataExports).where(eq(dataExports.userId, person.row.id));
    if (preparing.length === 1) {
      // All three came while the first was queued or running.
      expect(new Set([...ids, third]).size).toBe(1);
    } else {
      // The first finished before the third: then a new one may start.
      expect(ids[0]).toBe(ids[1]);
    }
    await waitReady(person.client, third);
    // Once none is in preparation, a new one starts.
    const fresh = await request(person.client);
    expect(fresh).not.toBe(ids[0]);
    await waitReady(person.client, fresh);
  });

  it('is downloadable for 7 days; then 410 with the German catalogue message, and the purge deletes the file', async () => {
    const id = annaExport;
    const { expiresAt } = await waitReady(anna.client, id);
    expect(await dataExportRepository(app.db).chunkCount(id)).toBeGreaterThan(0);
    now = new Date(Date.parse(expiresAt!) - 60_000);
    expect((await anna.client.get(`${BASE}/${id}/download`)).statusCode).toBe(200);
    // Before its end the purge leaves it (the demo's expired export goes meanwhile).
    await purgeExpiredDataExports(app.db, now);
    expect(await dataExportRepository(app.db).chunkCount(id)).toBeGreaterThan(0);
    now = new Date(Date.parse(expiresAt!) + 1000);
    const gone = await anna.client.get(`${BASE}/${id}/download`);
    expect(gone.statusCode).toBe(410);
    expect(errorOf(gone)).toMatchObject({ errorCode: 'GONE', messages: ['Data export expired'], status: 410 });
    const purged = await purgeExpiredDataExports(app.db, now, { batchSize: 1 });
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(purged.checked).toBeGreaterThanOrEqual(purged.deleted);
    expect(await dataExportRepository(app.db).chunkCount(id)).toBe(0);
    // A second run finds nothing left.
    expect(await purgeExpiredDataExports(app.db, now)).toEqual({ checked: 0, deleted: 0 });
    expect((await anna.client.get(`${BASE}/${id}/download`)).statusCode).toBe(410);
    now = new Date();
  });

  it("a failed export (the job gave up) shows as 'failed' and its download answers 409 DATA_EXPORT_FAILED, not 'expired'; a new request starts afresh", async () => {
    const person = await companyPerson(app, 'VerifiedAndApproved', { firstName: 'Fenja', lastName: 'Fehlschlag' });
    // Queued without a job, then given up as the dead-letter job does (data-export.job.ts).
    const row = await dataExportRepository(app.db).insertQueued(person.row.id);
    expect(await dataExportRepository(app.db).fail(row!.id)).toBe(true);
    const shown = await person.client.get(`${BASE}/${row!.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: row!.id, status: 'failed', readyAt: null, expiresAt: null });
    expect(((await person.client.get(BASE)).json() as DataExport[])[0]).toMatchObject({ status: 'failed' });
    const res = await person.client.get(`${BASE}/${row!.id}/download`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      errorCode: 'DATA_EXPORT_FAILED',
      messages: ['Data export failed'],
      status: 409,
    });
    // Still failed once the purge has been through (it marks failed ones purged).
    await purgeExpiredDataExports(app.db, now);
    expect((await person.client.get(`${BASE}/${row!.id}/download`)).statusCode).toBe(409);
    const fresh = await request(person.client);
    expect(fresh).not.toBe(row!.id);
    await waitReady(person.client, fresh);
  });

  it('is open to every signed-in person, also with unfinished registration (API clients: tests/api/permissions.test.ts)', async () => {
    const unverifiedOwner = await demoClient(app, DEMO.unverifiedOwner);
    const id = await request(unverifiedOwner);
    await waitReady(unverifiedOwner, id);
    const admin = await demoClient(app, DEMO.systemAdmin);
    const adminsId = await request(admin);
    await waitReady(admin, adminsId);
    const { json } = await download(admin, adminsId);
    expect(json(DATA_EXPORT_ENTRIES.company)).toMatchObject({ role: 'SystemAdmin', company: null });
    const [{ count }] = (
      (await app.db.execute(sql`SELECT count(*)::int AS count FROM data_exports`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    expect(count).toBeGreaterThanOrEqual(4);
  });
  it('writes the processes file page by page exactly as JSON.stringify writes it whole', async () => {
    const item = (n: number) => ({
      at: new Date(Date.UTC(2026, 0, n)).toISOString(),
      studio: `Studio "${n}"`,
      licenseKeyEnd: 'AB12C',
      status: n % 2 ? ('Completed' as const) : ('Cancelled' as const),
      cancelledAt: null,
    });
    for (const pages of [[], [[item(1)]], [[item(1), item(2)], [item(3)], [item(4), item(5)]]]) {
      async function* read() {
        yield* pages;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of processesFile(PROCESSES_NOTE, 5, read())) chunks.push(chunk);
      const whole = { note: PROCESSES_NOTE, count: 5, items: pages.flat() };
      expect(Buffer.concat(chunks).toString('utf8')).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    }
  });
});
