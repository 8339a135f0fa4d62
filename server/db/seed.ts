import { count } from 'drizzle-orm';
import { hashPassword } from '../idp/passwords';
import type { Db } from './client';
import { companies, stores, systemIntegrators, users } from './schema';

export const DEMO_PASSWORD = 'lumio-demo';

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

/**
 * Demo data for the embedded mode: only when the database has no users yet, and never in
 * production (loadConfig refuses SEED_DEMO_DATA without embedded services).
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [fotosoft] = await tx
      .insert(systemIntegrators)
      .values({ name: 'FotoSoft GmbH', code: 'FOTOSOFT' })
      .returning();
    await tx.insert(systemIntegrators).values(MORE_SYSTEM_INTEGRATORS.map(([name, code]) => ({ name, code })));

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
      })
      .returning();
    await tx.insert(stores).values([
      {
        companyId: sonnenschein.id,
        name: 'Sonnenschein Neukölln',
        address: 'Sonnenallee 12, 12045 Berlin',
        country: 'Deutschland',
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
      },
    ]);
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

    const person = { passwordHash, status: 'VerifiedAndApproved' as const };
    await tx.insert(users).values([
      { ...person, email: 'systemadmin@lumio.example', firstName: 'Sabine', lastName: 'System', role: 'SystemAdmin' },
      { ...person, email: 'admin@lumio.example', firstName: 'Anton', lastName: 'Admin', role: 'LumioAdmin' },
      {
        ...person,
        email: 'integrator@fotosoft.example',
        firstName: 'Ingo',
        lastName: 'Integrator',
        role: 'SystemIntegratorAdmin',
        systemIntegratorId: fotosoft.id,
      },
      {
        ...person,
        email: 'inhaber@studio-sonnenschein.example',
        firstName: 'Stefan',
        lastName: 'Sonnenschein',
        salutation: 'Herr',
        birthDate: '1975-04-12',
        role: 'Owner',
        companyId: sonnenschein.id,
      },
      {
        ...person,
        email: 'kontoadmin@studio-sonnenschein.example',
        firstName: 'Kim',
        lastName: 'Konto',
        salutation: 'Divers',
        birthDate: '1988-09-30',
        role: 'AccountAdministrator',
        companyId: sonnenschein.id,
      },
      {
        ...person,
        email: 'mitarbeiterin@studio-sonnenschein.example',
        firstName: 'Maria',
        lastName: 'Mitarbeit',
        salutation: 'Frau',
        birthDate: '1995-01-23',
        role: 'Employee',
        companyId: sonnenschein.id,
      },
      {
        passwordHash,
        status: 'Unverified',
        email: 'neu@studio-morgenrot.example',
        firstName: 'Nora',
        lastName: 'Neumann',
        salutation: 'Frau',
        birthDate: '1990-06-15',
        role: 'Owner',
        companyId: morgenrot.id,
      },
    ]);
  });
  return true;
}
