import { describe, expect, it } from 'vitest';
import type { CompanyHistoryEntry } from '../../src/dataProvider';
import { createI18nProvider } from '../../src/i18n';
import { deMessages } from '../../src/i18n/de';
import { describeHistoryEntry } from '../../src/resources/companies/historyText';

const missing: string[] = [];
const i18n = createI18nProvider(deMessages, (key) => missing.push(key));
const translate = (key: string, options?: Record<string, unknown>) => i18n.translate(key, options);

const OWNER = { name: 'Stefan Sonnenschein', role: 'Owner' };

function entry(overrides: Partial<CompanyHistoryEntry>): CompanyHistoryEntry {
  return {
    id: 'h-1',
    at: '2026-03-07T13:05:00.000Z',
    actor: OWNER,
    action: 'company.updated',
    entityType: 'company',
    entityId: 'c-1',
    subject: 'Fotostudio Sonnenschein GmbH',
    changes: [],
    ...overrides,
  };
}

const what = (overrides: Partial<CompanyHistoryEntry>) => describeHistoryEntry(entry(overrides), translate).what;

describe('a company history entry in German', () => {
  it('names the changed company fields by their form labels', () => {
    expect(
      what({
        changes: [
          { field: 'address', before: 'Sonnenallee 12', after: 'Sonnenallee 14' },
          { field: 'phoneNumber', before: '+4930123456789', after: '+4930123456780' },
          { field: 'phoneNumber2', before: null, after: '+4930999999999' },
        ],
      }),
    ).toBe('Firma geändert: Adresse, Telefonnummer 1, Telefonnummer 2');
  });

  it('names an added and a deleted studio', () => {
    const fields = [
      { field: 'name', before: null, after: 'Studio Mitte' },
      { field: 'address', before: null, after: 'Torstraße 88' },
    ];
    expect(what({ action: 'store.created', entityType: 'store', subject: 'Studio Mitte', changes: fields })).toBe(
      'Studio hinzugefügt: Studio Mitte',
    );
    const removed = fields.map(({ field, after }) => ({ field, before: after, after: null }));
    expect(what({ action: 'store.deleted', entityType: 'store', subject: 'Studio Mitte', changes: removed })).toBe(
      'Studio gelöscht: Studio Mitte',
    );
  });

  it('names a changed studio and what changed, a renamed one by both names', () => {
    expect(
      what({
        action: 'store.updated',
        entityType: 'store',
        subject: 'Studio Mitte',
        changes: [
          { field: 'address', before: 'Torstraße 88', after: 'Torstraße 90' },
          { field: 'systemIntegratorId', before: null, after: 'si-1' },
        ],
      }),
    ).toBe('Studio geändert: Studio Mitte (Adresse, System-Integrator)');
    expect(
      what({
        action: 'store.updated',
        entityType: 'store',
        subject: 'Studio Nord',
        changes: [{ field: 'name', before: 'Studio Mitte', after: 'Studio Nord' }],
      }),
    ).toBe('Studio geändert: Studio Mitte → Studio Nord (Studioname)');
  });

  it('describes the approval, a re-sent activation mail, own personal data and e-mail change', () => {
    expect(what({ action: 'application.approved', entityType: 'application', changes: [] })).toBe(
      'Registrierung genehmigt und Firma angelegt',
    );
    expect(what({ action: 'owner-activation.resent', entityType: 'user', subject: null })).toBe(
      'Aktivierungsmail an den Inhaber erneut gesendet',
    );
    expect(
      what({
        action: 'user.updated',
        entityType: 'user',
        subject: null,
        changes: [
          { field: 'firstName', before: 'Kim', after: 'Kimberly' },
          { field: 'birthDate', before: '1988-09-30', after: '1988-09-03' },
        ],
      }),
    ).toBe('Persönliche Daten geändert: Vorname, Geburtsdatum');
    expect(
      what({
        action: 'user.email-changed',
        entityType: 'user',
        subject: null,
        changes: [{ field: 'email', before: 'alt@studio.example', after: 'neu@studio.example' }],
      }),
    ).toBe('E-Mail-Adresse geändert');
  });

  it("names the person of the company's decisions about its people", () => {
    const person = { entityType: 'user', subject: 'Paul Prüfling' };
    expect(
      what({
        ...person,
        action: 'user.approved',
        changes: [{ field: 'status', before: 'Unverified', after: 'Approved' }],
      }),
    ).toBe('Konto freigegeben: Paul Prüfling');
    expect(what({ ...person, action: 'user.rejected' })).toBe('Registrierung abgelehnt: Paul Prüfling');
    expect(what({ ...person, action: 'user.deleted' })).toBe('Benutzerkonto gelöscht: Paul Prüfling');
    expect(what({ ...person, action: 'user.second_factor_reset' })).toBe(
      'Zwei-Faktor-Anmeldung zurückgesetzt: Paul Prüfling',
    );
    expect(
      what({
        ...person,
        action: 'user.role-changed',
        changes: [{ field: 'role', before: 'Employee', after: 'AccountAdministrator' }],
      }),
    ).toBe('Rolle geändert: Paul Prüfling (Mitarbeiter*in → Konto-Administrator*in)');
    expect(
      what({
        ...person,
        action: 'user.updated',
        changes: [{ field: 'lastName', before: 'Prüfling', after: 'Prüfer' }],
      }),
    ).toBe('Persönliche Daten geändert: Paul Prüfling (Nachname)');
  });

  it('reads an action it does not know in German, never as the raw action or field name', () => {
    expect(
      what({
        action: 'user.archived',
        entityType: 'user',
        subject: null,
        changes: [{ field: 'x', before: 1, after: 2 }],
      }),
    ).toBe('Benutzerkonto geändert');
    expect(what({ action: 'company.deleted', entityType: 'company', changes: [] })).toBe('Firma geändert');
    // Licences became known with issue 13 (tests/unit/licenseHistoryText.test.ts); reports not yet.
    expect(what({ action: 'report.requested', entityType: 'report', subject: null })).toBe('Sonstige Änderung');
    expect(
      what({
        changes: [
          { field: 'internalFlag', before: false, after: true },
          { field: 'website', before: null, after: 'https://a.example' },
        ],
      }),
    ).toBe('Firma geändert: Webseite');
  });

  it('names the invited address of an invitation and its renewal, and a registration through it', () => {
    const invited = { field: 'email', before: null, after: 'neu@post.example' };
    expect(what({ action: 'invitation.created', entityType: 'invitation', subject: null, changes: [invited] })).toBe(
      'Mitarbeitende eingeladen: neu@post.example',
    );
    expect(
      what({
        action: 'invitation.renewed',
        entityType: 'invitation',
        subject: null,
        changes: [invited, { field: 'replacedInvitationId', before: 'i-1', after: null }],
      }),
    ).toBe('Einladung erneut gesendet: neu@post.example');
    expect(what({ action: 'user.registered', entityType: 'user', subject: null, changes: [invited] })).toBe(
      'Über Einladung registriert',
    );
  });

  it("reads rows anonymised by the retention job ('gelöscht' where the erased person's values were) as German", () => {
    const erased = { field: 'email', before: null, after: 'gelöscht' };
    expect(what({ action: 'invitation.created', entityType: 'invitation', subject: null, changes: [erased] })).toBe(
      'Mitarbeitende eingeladen: gelöscht',
    );
    // A row about the erased person lost its personal keys: it still reads as German, no raw key.
    expect(what({ action: 'user.updated', entityType: 'user', subject: null, changes: [] })).toBe(
      'Persönliche Daten geändert',
    );
  });

  it('names the person of an eID binding, a review opened, confirmed and rejected', () => {
    const person = { entityType: 'user', subject: 'Lena Lindner' };
    const status = [{ field: 'status', before: 'Approved', after: 'VerifiedAndApproved' }];
    expect(what({ ...person, action: 'eid.bound', changes: status })).toBe('Ausweis per eID verknüpft: Lena Lindner');
    expect(what({ ...person, action: 'eid.review-opened', changes: [] })).toBe(
      'Ausweisdaten weichen ab, Prüfung durch Lumio: Lena Lindner',
    );
    expect(what({ ...person, action: 'eid.review-confirmed', changes: status })).toBe(
      'eID-Prüfung bestätigt, Ausweis verknüpft: Lena Lindner',
    );
    expect(what({ ...person, action: 'eid.review-rejected', changes: [] })).toBe('eID-Prüfung abgelehnt: Lena Lindner');
  });

  it('says who acted and when, in German date and time', () => {
    const line = describeHistoryEntry(entry({}), translate);
    expect(line.who).toBe('Stefan Sonnenschein');
    // Local time: 13:05 UTC is 14:05 in Berlin; the minutes read the same in any whole-hour zone.
    expect(line.when).toMatch(/^07\.03\.2026, \d\d:05$/);
    expect(describeHistoryEntry(entry({ actor: { name: 'Anton Admin', role: 'LumioAdmin' } }), translate).who).toBe(
      'Anton Admin (Lumio)',
    );
    expect(describeHistoryEntry(entry({ actor: null }), translate).who).toBe('Lumio (automatisch)');
    // An actor the retention run erased has neither name nor e-mail left.
    expect(describeHistoryEntry(entry({ actor: { name: '', role: 'Employee' } }), translate).who).toBe(
      'Gelöschte Person',
    );
  });

  it('uses only texts the German catalogue has', () => {
    expect(missing).toEqual([]);
  });
});
