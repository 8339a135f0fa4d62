import { addDays } from 'date-fns/addDays';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, packageNotices, prepaidPackages, users } from '../../server/db/schema';
import type { JobContext } from '../../server/jobs/job';
import { packageNoticesJob, sendPackageNotices } from '../../server/jobs/package-notices.job';
import { PACKAGE_NOTICE_SUBJECTS } from '../../server/mail/templates/package-notice';
import { fromIsoDate, toIsoDate, todayInGermany } from '../../src/domain/dates';
import { PACKAGE_NOTICE_KINDS } from '../../src/domain/packageNotices';
import { buildTestApp, DEMO } from './helpers/app';
import {
  buildCompany,
  buildLicense,
  buildPackage,
  buildStores,
  buildUser,
  integratorIdOf,
  userIdOf,
} from './helpers/usage';

/** A Saturday in 2030: every package below lives in 2030, so the scheduled runs of today leave them alone. */
const NOW = new Date('2030-06-15T10:00:00Z');
const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silentLog,
} as unknown as JobContext['log'];

describe('package notices (server/jobs/package-notices.job.ts)', () => {
  let app: FastifyInstance;
  let companyId: string;
  let fotosoft: string;
  /** Every package by its studio's name, which is also what each mail's subject names. */
  const packages = new Map<string, { id: string; licenseId: string; storeId: string; key: string }>();
  const run = (now = NOW) =>
    sendPackageNotices(
      {
        db: app.db,
        config: app.config,
        outbox: app.mailOutbox,
        log: silentLog,
        queueWebhookDeliveries: app.queueWebhookDeliveries,
      },
      now,
    );

  /** A package on a licence of its own in a studio of its own, named `name`. */
  async function pkg(
    name: string,
    values: { startDate?: string; endDate?: string; amount: number; usedAmount: number; suspended?: boolean },
    license: { suspended?: boolean; postpaidAllowed?: boolean } = {},
  ) {
    const [store] = await buildStores(app, companyId, [name]);
    const lic = await buildLicense(app, {
      storeId: store.id,
      companyId,
      systemIntegratorId: fotosoft,
      postpaidAllowed: false,
      ...license,
    });
    const created = await buildPackage(app, {
      licenseId: lic.id,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      ...values,
    });
    packages.set(name, { id: created.id, licenseId: lic.id, storeId: store.id, key: lic.key });
    return created;
  }

  const idOf = (name: string) => packages.get(name)!.id;

  async function noticesOf(names: string[]) {
    const rows = await app.db
      .select({ packageId: packageNotices.packageId, kind: packageNotices.kind })
      .from(packageNotices)
      // The mail notices; 'expired' is the claim of the webhook event package.expired, which mails nobody.
      .where(
        and(inArray(packageNotices.packageId, names.map(idOf)), inArray(packageNotices.kind, PACKAGE_NOTICE_KINDS)),
      );
    const nameOf = new Map([...packages].map(([name, p]) => [p.id, name]));
    return rows.map((row) => `${nameOf.get(row.packageId)}: ${row.kind}`).sort();
  }

  /** The outbox rows about these packages (kind and the package as reference), once every one went out. */
  async function deliveredMails(names: string[]) {
    const refs = names.map(idOf);
    let rows: { kind: string; reference: string | null; status: string }[] = [];
    await vi.waitFor(
      async () => {
        rows = await app.db
          .select({ kind: mailOutbox.kind, reference: mailOutbox.reference, status: mailOutbox.status })
          .from(mailOutbox)
          .where(inArray(mailOutbox.reference, refs));
        expect(rows.every((row) => row.status === 'sent')).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    return rows;
  }

  const caught = (name: string, kind: keyof typeof PACKAGE_NOTICE_SUBJECTS) =>
    app
      .mailCatcher!.list()
      .filter((mail) => mail.subject === `${PACKAGE_NOTICE_SUBJECTS[kind]}: ${name}`)
      .map((mail) => mail.to)
      .sort();

  const ALL = [
    'Niedrig',
    'Genau zehn Prozent',
    'Aufgebraucht',
    'Endet in sieben Tagen',
    'Endet in acht Tagen',
    'Niedrig und endet',
    'Aufgebraucht und endet',
    'Gesperrt',
    'Lizenz gesperrt',
    'Abgelaufen',
    'Noch nicht begonnen',
    'Gesund',
  ];
  const RECIPIENTS = ['inhaberin@hinweis.example', DEMO.integrator, 'zweite@fotosoft.example'].sort();

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    fotosoft = await integratorIdOf(app, 'FOTOSOFT');
    ({
      company: { id: companyId },
    } = await buildCompany(app, 'Hinweis Test GmbH', []));
    await buildUser(app, {
      email: 'inhaberin@hinweis.example',
      role: 'Owner',
      companyId,
      salutation: 'Frau',
      firstName: 'Hanna',
      lastName: 'Hinweis',
    });
    // Not told: an owner whose registration is unfinished, a disabled one, a rejected integrator admin.
    await buildUser(app, { email: 'offen@hinweis.example', role: 'Owner', companyId, status: 'Approved' });
    await buildUser(app, { email: 'gesperrt@hinweis.example', role: 'Owner', companyId, disabledAt: new Date() });
    await buildUser(app, {
      email: 'zweite@fotosoft.example',
      role: 'SystemIntegratorAdmin',
      systemIntegratorId: fotosoft,
      status: 'Active',
      firstName: 'Zora',
      lastName: 'Zweite',
    });
    await buildUser(app, {
      email: 'abgelehnt@fotosoft.example',
      role: 'SystemIntegratorAdmin',
      systemIntegratorId: fotosoft,
      status: 'Rejected',
    });
    // The other integrator's admin is never told about FotoSoft's licences.
    expect(await userIdOf(app, DEMO.otherIntegrator)).toBeTruthy();

    await pkg('Niedrig', { amount: 100, usedAmount: 91 });
    await pkg('Genau zehn Prozent', { amount: 30, usedAmount: 27 });
    await pkg('Aufgebraucht', { amount: 50, usedAmount: 50 });
    await pkg('Endet in sieben Tagen', { endDate: '2030-06-22', amount: 100, usedAmount: 10 });
    await pkg('Endet in acht Tagen', { endDate: '2030-06-23', amount: 100, usedAmount: 10 });
    await pkg('Niedrig und endet', { endDate: '2030-06-20', amount: 100, usedAmount: 95 });
    await pkg('Aufgebraucht und endet', { endDate: '2030-06-18', amount: 20, usedAmount: 20 });
    await pkg('Gesperrt', { amount: 100, usedAmount: 99, suspended: true });
    await pkg('Lizenz gesperrt', { amount: 100, usedAmount: 100 }, { suspended: true });
    await pkg('Abgelaufen', { endDate: '2030-06-14', amount: 100, usedAmount: 99 });
    await pkg('Noch nicht begonnen', { startDate: '2030-07-01', amount: 100, usedAmount: 99 });
    await pkg('Gesund', { amount: 100, usedAmount: 50 });
  });
  afterAll(() => app.close());

  it('mails the owner and the integrator’s admins once for each threshold crossed, the strongest amount notice only', async () => {
    expect(await run()).toBe(6);
    expect(await noticesOf(ALL)).toEqual([
      'Aufgebraucht und endet: exhausted',
      'Aufgebraucht: exhausted',
      'Endet in sieben Tagen: ending',
      'Niedrig und endet: ending',
      'Niedrig und endet: low',
      'Niedrig: low',
    ]);
    const mails = await deliveredMails(ALL);
    expect(mails).toHaveLength(6 * RECIPIENTS.length);
    expect(caught('Niedrig', 'low')).toEqual(RECIPIENTS);
    expect(caught('Aufgebraucht', 'exhausted')).toEqual(RECIPIENTS);
    expect(caught('Aufgebraucht', 'low')).toEqual([]);
    expect(caught('Aufgebraucht und endet', 'ending')).toEqual([]);
    expect(caught('Endet in sieben Tagen', 'ending')).toEqual(RECIPIENTS);
    expect(caught('Niedrig und endet', 'low')).toEqual(RECIPIENTS);
    expect(caught('Niedrig und endet', 'ending')).toEqual(RECIPIENTS);
    expect(mails.filter((m) => m.reference === idOf('Niedrig')).map((m) => m.kind)).toEqual([
      'package-low',
      'package-low',
      'package-low',
    ]);
  });

  it('sends nothing more on a second run, and nothing to the skipped packages', async () => {
    // Only this file's packages: a scheduled run of the real today may mail about the demo's.
    const ours = () =>
      app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(inArray(mailOutbox.reference, ALL.map(idOf)));
    const before = await ours();
    expect(await run()).toBe(0);
    expect(await ours()).toHaveLength(before.length);
    for (const name of [
      'Genau zehn Prozent',
      'Gesperrt',
      'Lizenz gesperrt',
      'Abgelaufen',
      'Noch nicht begonnen',
      'Gesund',
    ]) {
      expect(await noticesOf([name]), name).toEqual([]);
    }
  });

  it('sends each notice once when two runs meet', async () => {
    await pkg('Gleichzeitig', { amount: 40, usedAmount: 37 });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first + second).toBe(1);
    expect(await noticesOf(['Gleichzeitig'])).toEqual(['Gleichzeitig: low']);
    expect(await deliveredMails(['Gleichzeitig'])).toHaveLength(RECIPIENTS.length);
  });

  it('tells a package that ran low and then ran out about both, one after the other', async () => {
    await app.db
      .update(prepaidPackages)
      .set({ usedAmount: 100 })
      .where(eq(prepaidPackages.id, idOf('Niedrig')));
    expect(await run()).toBe(1);
    expect(await noticesOf(['Niedrig'])).toEqual(['Niedrig: exhausted', 'Niedrig: low']);
    await deliveredMails(['Niedrig']);
    expect(caught('Niedrig', 'exhausted')).toEqual(RECIPIENTS);
    // Topped up and low again: 'low' was sent once for this package and is not sent again.
    await app.db
      .update(prepaidPackages)
      .set({ amount: 200, usedAmount: 195 })
      .where(eq(prepaidPackages.id, idOf('Niedrig')));
    expect(await run()).toBe(0);
  });

  it('counts the days to the end in Germany’s calendar, by the clock it is given', async () => {
    expect(await noticesOf(['Endet in acht Tagen'])).toEqual([]);
    // 22:30 UTC on 15 June is already 16 June in Berlin: the last day (23 June) is 7 days away.
    expect(await run(new Date('2030-06-15T21:59:00Z'))).toBe(0);
    expect(await run(new Date('2030-06-15T22:30:00Z'))).toBe(1);
    expect(await noticesOf(['Endet in acht Tagen'])).toEqual(['Endet in acht Tagen: ending']);
  });

  it('writes the mail in German with company, studio, key, dates, remaining units and the licence page', async () => {
    const { key, licenseId, storeId } = packages.get('Niedrig und endet')!;
    const toOwner = await app.mailCatcher!.waitFor(
      (m) => m.to === 'inhaberin@hinweis.example' && m.subject === 'Vorgangspaket fast aufgebraucht: Niedrig und endet',
    );
    expect(toOwner.text).toContain('Guten Tag Frau Hinweis,');
    expect(toOwner.text).toContain(
      `das Vorgangspaket der Lizenz ${key} im Studio „Niedrig und endet“ der Firma „Hinweis Test GmbH“ ist fast aufgebraucht: Es sind nur noch 5 Vorgänge von 100 übrig.`,
    );
    expect(toOwner.text).toContain('Gültig vom 01.01.2030 bis 20.06.2030');
    expect(toOwner.text).toContain('Anzahl: 100, verbleibend: 5');
    expect(toOwner.text).toContain('lehnt das Gerät weitere Identifizierungen ab');
    expect(toOwner.text).toContain('von Ihrem System-Integrator „FotoSoft GmbH“');
    expect(toOwner.text).toContain(`http://localhost:8080/license-management/${companyId}/${storeId}/${licenseId}`);
    expect(toOwner.html).toContain(
      `href="http://localhost:8080/license-management/${companyId}/${storeId}/${licenseId}"`,
    );

    const ending = await app.mailCatcher!.waitFor(
      (m) => m.to === 'zweite@fotosoft.example' && m.subject === 'Vorgangspaket endet bald: Niedrig und endet',
    );
    expect(ending.text).toContain('Guten Tag Zora Zweite,');
    expect(ending.text).toContain('endet in 5 Tagen, am 20.06.2030. Es sind noch 5 Vorgänge von 100 übrig');
    expect(ending.text).toContain('Im Portal können Sie für die Lizenz ein neues Vorgangspaket anlegen');
    const exhausted = await app.mailCatcher!.waitFor(
      (m) => m.to === DEMO.integrator && m.subject === 'Vorgangspaket aufgebraucht: Aufgebraucht',
    );
    expect(exhausted.text).toContain('ist aufgebraucht: Alle 50 Vorgänge sind genutzt.');
  });

  it('never mails the other integrator, nor the owners who are unfinished or disabled', async () => {
    const addressed = new Set(app.mailCatcher!.list().map((m) => m.to));
    for (const email of [
      DEMO.otherIntegrator,
      'offen@hinweis.example',
      'gesperrt@hinweis.example',
      'abgelehnt@fotosoft.example',
    ]) {
      expect(addressed.has(email), email).toBe(false);
    }
    const [owner] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.email, DEMO.owner)));
    expect(addressed.has(owner.email)).toBe(false);
  });

  it('runs through the queue on today’s date', async () => {
    const today = todayInGermany();
    const day = (offset: number) => toIsoDate(addDays(fromIsoDate(today)!, offset));
    await pkg('Heute niedrig', { startDate: day(-30), endDate: day(100), amount: 100, usedAmount: 95 });
    await app.jobs.send(packageNoticesJob, {});
    await vi.waitFor(async () => expect(await noticesOf(['Heute niedrig'])).toEqual(['Heute niedrig: low']), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await deliveredMails(['Heute niedrig'])).toHaveLength(RECIPIENTS.length);
  });
});
