import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statements } from '../../server/db/schema';
import { runningMonth, STATEMENT_TEXTS, type Statement } from '../../src/domain/statements';
import { addMonths } from '../../src/domain/usage';
import { apiClient, buildTestApp, DEMO, errorOf } from './helpers/app';
import { loginAs } from './helpers/login';
import { parseCsv } from './helpers/csv';
import { pdfPages } from './helpers/pdfText';
import { snapshotTables } from './helpers/snapshot';
import { buildCompany, companyIdOf } from './helpers/usage';

type Client = ReturnType<typeof apiClient>;

const BOM = '\uFEFF';
const german = (value: number) => new Intl.NumberFormat('de-DE').format(value);

describe('statement files (GET /api/company/{id}/statement/{month}/pdf and /csv)', () => {
  let app: FastifyInstance;
  let owner: Client;
  let accountAdmin: Client;
  let admin: Client;
  let sonnenschein: string;
  const running = runningMonth();
  const lastMonth = addMonths(running, -1);

  beforeAll(async () => {
    app = await buildTestApp();
    const client = async (email: string) => apiClient(app, (await loginAs(app, email)).accessToken);
    owner = await client(DEMO.owner);
    accountAdmin = await client(DEMO.accountAdmin);
    admin = await client(DEMO.lumioAdmin);
    sonnenschein = await companyIdOf(app, 'Fotostudio Sonnenschein GmbH');
  });

  afterAll(async () => {
    await app.close();
  });

  const statementOf = async (month: string) =>
    (await owner.get(`/api/company/${sonnenschein}/statement/${month}`)).json() as Statement;

  it('issues a month not issued yet on the PDF’s request, once, and the JSON then answers that statement', async () => {
    // A company of its own: the demo data may issue the demo company's past months already.
    const { company } = await buildCompany(app, 'Abrechnung Datei Neu GmbH');
    const issuedOf = () => app.db.select().from(statements).where(eq(statements.companyId, company.id));
    expect(await issuedOf()).toHaveLength(0);

    const res = await admin.get(`/api/company/${company.id}/statement/${lastMonth}/pdf`);
    const again = await admin.get(`/api/company/${company.id}/statement/${lastMonth}/csv`);

    expect(res.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    const rows = await issuedOf();
    expect(rows.map((row) => row.month)).toEqual([lastMonth]);
    const statement = (await admin.get(`/api/company/${company.id}/statement/${lastMonth}`)).json() as Statement;
    expect(statement.issuedAt).toBe(rows[0].issuedAt.toISOString());
    expect((await pdfPages(res.rawPayload)).join(' ')).toContain('In diesem Monat gab es keine Vorgänge.');
  });

  it('answers the PDF as an A4 download whose text holds the company and the JSON’s totals', async () => {
    const statement = await statementOf(lastMonth);
    expect(statement.totals.billable).toBeGreaterThan(0);

    const res = await owner.get(`/api/company/${sonnenschein}/statement/${lastMonth}/pdf`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Abrechnung-${lastMonth}-Fotostudio-Sonnenschein-GmbH.pdf"; ` +
        `filename*=UTF-8''Abrechnung-${lastMonth}-Fotostudio-Sonnenschein-GmbH.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Fotostudio Sonnenschein GmbH');
    expect(text).toContain('Seite 1 von');
    expect(text).toContain(`Prepaid-Vorgänge ${german(statement.totals.prepaid)}`);
    expect(text).toContain(`Postpaid-Vorgänge ${german(statement.totals.postpaid)}`);
    expect(text).toContain(`Abrechenbar ${german(statement.totals.billable)}`);
    for (const store of statement.stores) expect(text).toContain(store.storeName);
    expect(text).not.toContain('vorläufig');
  });

  it('answers the CSV with a BOM, semicolons and one line per studio × device × kind summing to the JSON’s totals', async () => {
    const statement = await statementOf(lastMonth);

    const res = await accountAdmin.get(`/api/company/${sonnenschein}/statement/${lastMonth}/csv`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`Abrechnung-${lastMonth}-Fotostudio-Sonnenschein-GmbH.csv`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...lines] = parseCsv(text.slice(1));
    expect(header.slice(0, 4)).toEqual(['Monat', 'Status', 'Studio', 'Gerät']);
    const at = (name: string) => header.indexOf(name);
    const sum = (kind: string) =>
      lines.filter((l) => l[at('Art')] === kind).reduce((total, l) => total + Number(l[at('Anzahl')]), 0);
    expect({
      prepaid: sum('Prepaid'),
      postpaid: sum('Postpaid'),
      cancelled: sum('Storniert'),
      billable: sum('Prepaid') + sum('Postpaid'),
    }).toEqual(statement.totals);
    // Each studio × device × kind once (a device's prepaid lines: one per package).
    const expected = statement.stores.flatMap((store) =>
      store.devices.flatMap((d) => [
        ...d.prepaid.map((p) => `${store.storeName}|${d.machineId}|Prepaid|${p.used}`),
        ...(d.postpaid ? [`${store.storeName}|${d.machineId}|Postpaid|${d.postpaid}`] : []),
        ...(d.cancelled ? [`${store.storeName}|${d.machineId}|Storniert|${d.cancelled}`] : []),
      ]),
    );
    const kinds = lines.filter((l) => !l[at('Art')].startsWith('Korrektur'));
    expect(kinds.map((l) => [l[at('Studio')], l[at('Gerät')], l[at('Art')], l[at('Anzahl')]].join('|'))).toEqual(
      expected,
    );
    expect(lines.every((l) => l[at('Status')] === 'ausgestellt' && l[at('Monat')] === lastMonth)).toBe(true);
  });

  it('marks the running month’s PDF and CSV as vorläufig', async () => {
    const pdf = await owner.get(`/api/company/${sonnenschein}/statement/${running}/pdf`);
    const csv = await owner.get(`/api/company/${sonnenschein}/statement/${running}/csv`);

    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages[0]).toContain('vorläufig');
    for (const page of pages) expect(page).toContain('(vorläufig)');
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(csv.rawPayload.toString('utf8').slice(1));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l[header.indexOf('Status')] === 'vorläufig')).toBe(true);
    expect(await app.db.select().from(statements).where(eq(statements.month, running))).toHaveLength(0);
  });

  it.each(['pdf', 'csv'])(
    'refuses bad months for the %s with 400 and the error body, writing nothing',
    async (kind) => {
      const cases: [string, string][] = [
        ['1999-12', STATEMENT_TEXTS.monthTooEarly],
        [addMonths(running, 1), STATEMENT_TEXTS.monthInFuture],
        ['2026-13', STATEMENT_TEXTS.monthInvalid],
        ['abc', STATEMENT_TEXTS.monthInvalid],
      ];
      const before = await snapshotTables(app);
      for (const [month, message] of cases) {
        const res = await owner.get(`/api/company/${sonnenschein}/statement/${month}/${kind}`);
        expect(res.statusCode).toBe(400);
        const body = errorOf(res);
        expect(body.errorCode).toBe('VALIDATION_FAILED');
        expect(body.messages.join(' ')).toContain(message);
      }
      expect(await snapshotTables(app)).toEqual(before);
    },
  );

  it.each(['pdf', 'csv'])(
    'refuses another company’s %s (403), an unknown one to LumioAdmin (404) and anyone without login (401)',
    async (kind) => {
      const other = await buildCompany(app, `Abrechnung Datei Fremd ${kind} GmbH`);
      const before = await snapshotTables(app);

      const foreign = await owner.get(`/api/company/${other.company.id}/statement/${lastMonth}/${kind}`);
      const unknown = await admin.get(
        `/api/company/00000000-0000-4000-8000-000000000000/statement/${lastMonth}/${kind}`,
      );
      const anonymous = await apiClient(app).get(`/api/company/${sonnenschein}/statement/${lastMonth}/${kind}`);

      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).status).toBe(403);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).status).toBe(404);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).status).toBe(401);
      expect(await snapshotTables(app)).toEqual(before);
    },
  );
});
