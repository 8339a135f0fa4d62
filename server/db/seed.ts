import { addDays } from 'date-fns/addDays';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { EMPLOYEE_INVITATION_VALID_DAYS } from '../../src/domain/employeeInvitation';
import { DEMO_TOTP_SECRET, isSecondFactorRequired } from '../../src/domain/secondFactor';
import { pseudonymHash } from '../eid/pseudonym';
import { asOnCard, DEMO_BOUND_CARD, simulatedCardNumber } from '../eid/simulator';
import type { IdpUserInput } from '../idp/admin-port';
import { hashPassword } from '../idp/passwords';
import { enrol } from '../idp/second-factor';
import type { Db, Tx } from './client';
import { hashSecretToken } from '../lib/secret-token';
import { seedDemoLicenses } from './seed-licenses';
import { runRetention } from '../modules/retention/retention-run';
import { seedDemoRetention } from './seed-retention';
import { seedDemoStatements } from './seed-statements';
import {
  companies,
  eidBindings,
  eidReviews,
  employeeInvitations,
  resellers,
  stores,
  systemIntegrators,
  users,
} from './schema';

export const DEMO_PASSWORD = 'lumio-demo';

/**
 * The link of the demo company's open invitation, /employee-invitation/{this}, so the registration
 * by invitation can be tried without inviting first (README). A fixed secret is harmless here:
 * demo data exists only in the embedded mode.
 */
export const DEMO_INVITATION_TOKEN = 'Demo-Einladung-Studio-Sonnenschein-Lumio-26';
export const DEMO_INVITATION_EMAIL = 'eingeladen@studio-sonnenschein.example';

/** Approved, verified employees of the demo company, so that its employee list shows more than one page. */
const MORE_EMPLOYEES: [salutation: string, firstName: string, lastName: string, birthDate: string][] = [
  ['Frau', 'Anna', 'Albrecht', '1991-02-14'],
  ['Herr', 'Bernd', 'Bauer', '1984-07-03'],
  ['Frau', 'Clara', 'Conrad', '1999-11-21'],
  ['Herr', 'David', 'Dietrich', '1987-05-09'],
  ['Frau', 'Emma', 'Engel', '1993-08-30'],
  ['Herr', 'Felix', 'Fischer', '1979-12-01'],
  ['Frau', 'Greta', 'Graf', '1996-03-17'],
  ['Herr', 'Hannes', 'Hoffmann', '1982-09-25'],
  ['Divers', 'Ida', 'Imhof', '2000-01-05'],
  ['Herr', 'Jonas', 'Jäger', '1990-06-11'],
  ['Frau', 'Karla', 'Krüger', '1985-04-28'],
  ['Herr', 'Lukas', 'Lange', '1998-10-19'],
  ['Frau', 'Mia', 'Möller', '1994-12-24'],
  ['Herr', 'Noah', 'Neumann', '1989-02-02'],
  ['Keine Anrede', 'Olivia', 'Otto', '1997-07-07'],
  ['Herr', 'Paul', 'Peters', '1986-01-31'],
  ['Frau', 'Rosa', 'Richter', '1992-05-16'],
  ['Herr', 'Simon', 'Schulz', '1981-08-08'],
];

const demoEmail = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}@studio-sonnenschein.example`
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue');

/** Further system integrators, so that the list shows more than one page. */
const MORE_SYSTEM_INTEGRATORS: [string, string][] = [
  ['Bildwerk Systeme AG', 'BILDWERK'],
  ['PassFoto Technik GmbH', 'PASSFOTO'],
  ['Kamerahaus Nord GmbH', 'KHNORD'],
  ['Digitalstudio Süd GmbH', 'DSSUED'],
  ['Lichtblick IT GmbH', 'LICHTBLICK'],
  ['Fotokiosk Solutions GmbH', 'FOTOKIOSK'],
  ['Biometrie Service West GmbH', 'BIOWEST'],
  ['Porträt Software KG', 'PORTRAET'],
  ['Studiotechnik Meyer e.K.', 'STMEYER'],
  ['Identa Systems GmbH', 'IDENTA'],
  ['Alpenbild GmbH', 'ALPENBILD'],
  ['Hanse Foto IT GmbH', 'HANSEFOTO'],
  ['Rheinland Imaging GmbH', 'RHEINIMG'],
  ['Elbe Digital GmbH', 'ELBEDIGI'],
  ['Pixelwerk Ost GmbH', 'PIXELOST'],
  ['Sachsen Foto Systeme GmbH', 'SACHSENFS'],
  ['Bodensee Bildsysteme GmbH', 'BODENSEE'],
  ['Main Foto Service GmbH', 'MAINFOTO'],
  ['Ruhr Passbild GmbH', 'RUHRPASS'],
  ['Nordlicht Kiosk GmbH', 'NORDLICHT'],
  ['Weser Imaging KG', 'WESERIMG'],
  ['Schwarzwald Foto IT GmbH', 'SCHWARZW'],
  ['Spree Biometrie GmbH', 'SPREEBIO'],
  ['Isar Bildtechnik GmbH', 'ISARBILD'],
];

/** FotoSoft's resellers (route reseller of integrator@fotosoft.example). */
export const DEMO_RESELLERS = ['Foto Express Handel GmbH', 'Passbild-Service Nord', 'Studiobedarf Krause KG'];

/**
 * The person whose eID review is open in the demo (route verification-check): she married after
 * the company registered her, so her ID card carries her new family name.
 */
export const DEMO_EID_REVIEW_EMAIL = 'pruefung@studio-sonnenschein.example';
const DEMO_EID_REVIEW_CARD_FAMILY_NAME = 'Lindner-Berg';

export interface SeedSecrets {
  /** Key of the pseudonyms' HMAC (server/eid/pseudonym.ts), for the demo users' bound cards. */
  pseudonymKey: Buffer;
  /**
   * Key of the embedded provider's second factors (server/idp/second-factor.ts): the demo accounts
   * of the provider roles are enrolled with DEMO_TOTP_SECRET. Keycloak's demo accounts are enrolled
   * in the realm instead.
   */
  secondFactorKey?: Buffer;
}

/** A demo account: the portal's user and, at the identity provider, a login with DEMO_PASSWORD. */
export interface DemoAccount extends IdpUserInput {
  /** Disabled at the identity provider, as the company's 'Ablehnen' does. */
  disabled: boolean;
}

/**
 * Creates the demo accounts at the identity provider and their `users` rows (id = the IdP's
 * subject) in `tx`, every one with the password DEMO_PASSWORD. The embedded provider's is below;
 * Keycloak's is server/idp/keycloak/demo-accounts.ts (`npm run seed:keycloak`).
 */
export type CreateDemoAccounts = (tx: Tx, accounts: DemoAccount[], secrets: SeedSecrets) => Promise<void>;

/**
 * The embedded provider's accounts are the rows themselves, with one scrypt hash of DEMO_PASSWORD;
 * those of the roles that need a second factor have DEMO_TOTP_SECRET as theirs (the demo is never
 * seeded in production: see seedDemoData).
 */
export const createEmbeddedDemoAccounts: CreateDemoAccounts = async (tx, accounts, { secondFactorKey }) => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const created = await tx
    .insert(users)
    .values(
      accounts.map(({ disabled, ...account }) => ({ ...account, passwordHash, disabledAt: disabled ? now : null })),
    )
    .returning({ id: users.id, role: users.role });
  if (!secondFactorKey) return;
  for (const user of created.filter((row) => isSecondFactorRequired(row.role))) {
    await enrol(tx, secondFactorKey, { userId: user.id, secret: DEMO_TOTP_SECRET, label: 'Demo' });
  }
};

/** An account of the demo: defaults for the fields most of them share. */
function account(
  fields: Partial<DemoAccount> & Pick<DemoAccount, 'email' | 'firstName' | 'lastName' | 'role'>,
): DemoAccount {
  return {
    salutation: null,
    birthDate: null,
    status: 'VerifiedAndApproved',
    companyId: null,
    systemIntegratorId: null,
    disabled: false,
    ...fields,
  };
}

/** REPORT_RETENTION_DAYS' default (server/config.ts): the demo's reports are all younger. */
const DEMO_REPORT_RETENTION_DAYS = 90;

/**
 * Demo data: only when the database has no users yet. The embedded mode seeds it at start (never
 * in production: loadConfig refuses SEED_DEMO_DATA without embedded services); against a
 * Keycloak, `npm run seed:keycloak` seeds the same data with Keycloak's accounts.
 */
export async function seedDemoData(
  db: Db,
  secrets: SeedSecrets,
  createAccounts: CreateDemoAccounts = createEmbeddedDemoAccounts,
): Promise<boolean> {
  const { pseudonymKey } = secrets;
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;

  await db.transaction(async (tx) => {
    const [fotosoft] = await tx
      .insert(systemIntegrators)
      .values({ name: 'FotoSoft GmbH', code: 'FOTOSOFT' })
      .returning();
    const moreIntegrators = await tx
      .insert(systemIntegrators)
      .values(MORE_SYSTEM_INTEGRATORS.map(([name, code]) => ({ name, code })))
      .returning();
    const bildwerk = moreIntegrators.find((integrator) => integrator.code === 'BILDWERK')!;
    const fotosoftResellers = await tx
      .insert(resellers)
      .values(DEMO_RESELLERS.map((name) => ({ systemIntegratorId: fotosoft.id, name })))
      .returning();

    const [sonnenschein] = await tx
      .insert(companies)
      .values({
        name: 'Fotostudio Sonnenschein GmbH',
        legalForm: 'GmbH',
        address: 'Sonnenallee 12, 12045 Berlin',
        country: 'Deutschland',
        phoneNumber: '+4930123456789',
        website: 'https://studio-sonnenschein.example',
        memberId: 'CV-10442',
        // Registered before its oldest licence (400 days): its statements go back that far.
        createdAt: addDays(new Date(), -420),
      })
      .returning();
    // FotoSoft serves Neukölln and Potsdam (their licences below); Mitte has no system integrator,
    // so FotoSoft's licence screens show two of the company's three studios.
    const [neukoelln, , potsdam] = await tx
      .insert(stores)
      .values([
        {
          companyId: sonnenschein.id,
          name: 'Sonnenschein Neukölln',
          address: 'Sonnenallee 12, 12045 Berlin',
          country: 'Deutschland',
          systemIntegratorId: fotosoft.id,
        },
        {
          companyId: sonnenschein.id,
          name: 'Sonnenschein Mitte',
          address: 'Torstraße 88, 10119 Berlin',
          country: 'Deutschland',
        },
        {
          companyId: sonnenschein.id,
          name: 'Sonnenschein Potsdam',
          address: 'Brandenburger Straße 5, 14467 Potsdam',
          country: 'Deutschland',
          systemIntegratorId: fotosoft.id,
        },
      ])
      .returning();
    const [morgenrot] = await tx
      .insert(companies)
      .values({
        name: 'Studio Morgenrot e.K.',
        legalForm: 'e.K.',
        address: 'Morgenweg 3, 80331 München',
        country: 'Deutschland',
        phoneNumber: '+49891234567',
      })
      .returning();
    await tx.insert(stores).values({
      companyId: morgenrot.id,
      name: 'Studio Morgenrot',
      address: 'Morgenweg 3, 80331 München',
      country: 'Deutschland',
    });

    const ownerEmail = 'inhaber@studio-sonnenschein.example';
    await createAccounts(
      tx,
      [
        account({
          email: ownerEmail,
          firstName: 'Stefan',
          lastName: 'Sonnenschein',
          salutation: 'Herr',
          birthDate: '1975-04-12',
          role: 'Owner',
          companyId: sonnenschein.id,
        }),
        account({ email: 'systemadmin@lumio.example', firstName: 'Sabine', lastName: 'System', role: 'SystemAdmin' }),
        account({ email: 'admin@lumio.example', firstName: 'Anton', lastName: 'Admin', role: 'LumioAdmin' }),
        account({
          email: 'integrator@fotosoft.example',
          firstName: 'Ingo',
          lastName: 'Integrator',
          role: 'SystemIntegratorAdmin',
          systemIntegratorId: fotosoft.id,
        }),
        // The administration's list shows more than one of each role, and two integrators' admins.
        account({ email: 'betrieb@lumio.example', firstName: 'Berta', lastName: 'Betrieb', role: 'LumioAdmin' }),
        account({
          email: 'integrator@bildwerk.example',
          firstName: 'Bodo',
          lastName: 'Bildwerk',
          role: 'SystemIntegratorAdmin',
          systemIntegratorId: bildwerk.id,
        }),
        account({
          email: 'kontoadmin@studio-sonnenschein.example',
          firstName: 'Kim',
          lastName: 'Konto',
          salutation: 'Divers',
          birthDate: '1988-09-30',
          role: 'AccountAdministrator',
          companyId: sonnenschein.id,
        }),
        account({
          email: 'mitarbeiterin@studio-sonnenschein.example',
          firstName: 'Maria',
          lastName: 'Mitarbeit',
          salutation: 'Frau',
          birthDate: '1995-01-23',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        ...MORE_EMPLOYEES.map(([salutation, firstName, lastName, birthDate]) =>
          account({
            email: demoEmail(firstName, lastName),
            firstName,
            lastName,
            salutation,
            birthDate,
            role: 'Employee',
            companyId: sonnenschein.id,
          }),
        ),
        // One person in every status of the machine (ARCHITECTURE.md): the two pending ones are
        // listed under 'Zu prüfende Mitarbeitende'.
        account({
          status: 'Unverified',
          email: 'neuling@studio-sonnenschein.example',
          firstName: 'Paul',
          lastName: 'Prüfling',
          salutation: 'Herr',
          birthDate: '2001-03-12',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        account({
          status: 'Verified',
          email: 'verifiziert@studio-sonnenschein.example',
          firstName: 'Vera',
          lastName: 'Vogel',
          salutation: 'Frau',
          birthDate: '1998-08-18',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        account({
          status: 'Approved',
          email: 'freigegeben@studio-sonnenschein.example',
          firstName: 'Frieda',
          lastName: 'Frei',
          salutation: 'Frau',
          birthDate: '1983-10-04',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        account({
          status: 'Rejected',
          // Rejecting disables the account at the identity provider, as the company's 'Ablehnen' does.
          disabled: true,
          email: 'abgelehnt@studio-sonnenschein.example',
          firstName: 'Rolf',
          lastName: 'Rau',
          salutation: 'Herr',
          birthDate: '1977-02-27',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        account({
          // Approved before her eID: her card differs from the profile, and a LumioAdmin reviews it.
          status: 'Approved',
          email: DEMO_EID_REVIEW_EMAIL,
          firstName: 'Lena',
          lastName: 'Lindner',
          salutation: 'Frau',
          birthDate: '1992-11-03',
          role: 'Employee',
          companyId: sonnenschein.id,
        }),
        account({
          // An owner starts as Approved (the provider approved the application) and still lacks the eID.
          status: 'Approved',
          email: 'neu@studio-morgenrot.example',
          firstName: 'Nora',
          lastName: 'Neumann',
          salutation: 'Frau',
          birthDate: '1990-06-15',
          role: 'Owner',
          companyId: morgenrot.id,
        }),
      ],
      secrets,
    );

    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
    const now = new Date();
    // Everyone whose eID is bound (Verified, VerifiedAndApproved) has a card: the owner the demo
    // card that the simulator's answer "already bound" presents, everyone else the card the
    // simulator's phone page would show them (server/eid/simulator.ts).
    const bound = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(isNotNull(users.companyId), inArray(users.status, ['Verified', 'VerifiedAndApproved'])));
    await tx.insert(eidBindings).values(
      bound.map((person) => ({
        userId: person.id,
        pseudonymHash: pseudonymHash(
          pseudonymKey,
          person.id === owner.id ? DEMO_BOUND_CARD : simulatedCardNumber(person.id),
        ),
        documentType: 'ID',
        createdAt: now,
        boundAt: now,
      })),
    );
    const [inReview] = await tx.select().from(users).where(eq(users.email, DEMO_EID_REVIEW_EMAIL));
    await tx.insert(eidBindings).values({
      userId: inReview.id,
      pseudonymHash: pseudonymHash(pseudonymKey, simulatedCardNumber(inReview.id)),
      documentType: 'ID',
      createdAt: now,
      boundAt: null,
    });
    await tx.insert(eidReviews).values({
      userId: inReview.id,
      createdAt: now,
      givenNames: asOnCard(inReview.firstName),
      familyName: asOnCard(DEMO_EID_REVIEW_CARD_FAMILY_NAME),
      birthDate: inReview.birthDate,
    });

    const [integrator] = await tx.select().from(users).where(eq(users.email, 'integrator@fotosoft.example'));
    // The people at the studio's PC in the demo's recent processes (all approved, eID bound).
    const operators = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(users.email, [
          'mitarbeiterin@studio-sonnenschein.example',
          ownerEmail,
          'kontoadmin@studio-sonnenschein.example',
        ]),
      )
      .orderBy(users.email);
    await seedDemoLicenses(tx, {
      fotosoftId: fotosoft.id,
      companyId: sonnenschein.id,
      neukoellnId: neukoelln.id,
      potsdamId: potsdam.id,
      resellerId: fotosoftResellers.find((reseller) => reseller.name === 'Foto Express Handel GmbH')!.id,
      integrator,
      operatorIds: operators.map((operator) => operator.id),
      now,
    });
    await seedDemoStatements(tx, sonnenschein.id, now);

    await tx.insert(employeeInvitations).values({
      tokenHash: hashSecretToken(DEMO_INVITATION_TOKEN),
      companyId: sonnenschein.id,
      email: DEMO_INVITATION_EMAIL,
      invitedBy: owner.id,
      createdAt: now,
      expiresAt: addDays(now, EMPLOYEE_INVITATION_VALID_DAYS),
    });
    // The demo's rejected person was rejected now (the retention job counts its 6 months from then).
    await tx.update(users).set({ rejectedAt: now }).where(eq(users.status, 'Rejected'));
    // A real retention run over the fresh demo data, before the old rows below exist: nothing is due
    // yet, and 'Datenlöschung' has a run to show. The next nightly run finds the old rows.
    await runRetention(tx, {
      now,
      reportRetentionDays: DEMO_REPORT_RETENTION_DAYS,
      deleteAccount: () => Promise.reject(new Error('demo data: no account is due for erasure')),
    });
    await seedDemoRetention(tx, { companyId: sonnenschein.id, morgenrotId: morgenrot.id, now });
  });
  return true;
}
