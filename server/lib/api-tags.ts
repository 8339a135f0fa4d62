/**
 * The groups of the OpenAPI document. Generators (openapi-generator, NSwag, Kiota) turn a tag's
 * name into a class name (`LicensesApi`), so names are ASCII PascalCase; the German name a reader
 * sees is `x-displayName` (Redoc, Scalar) and the description. A route's `tags` take a name from
 * `API_TAG`, so an undeclared group cannot appear (tests/api/openapi.test.ts checks it too).
 */
export const API_TAG = {
  self: 'Self',
  applications: 'Applications',
  documents: 'Documents',
  companies: 'Companies',
  employees: 'Employees',
  eid: 'Eid',
  systemIntegrators: 'SystemIntegrators',
  resellers: 'Resellers',
  licenses: 'Licenses',
  prepaidPackages: 'PrepaidPackages',
  device: 'Device',
  webhooks: 'Webhooks',
  apiClients: 'ApiClients',
  administrators: 'Administrators',
  usage: 'Usage',
  dashboard: 'Dashboard',
  reports: 'Reports',
  statements: 'Statements',
  audit: 'Audit',
  retention: 'Retention',
} as const;

type TagKey = keyof typeof API_TAG;

const GERMAN: Record<TagKey, { displayName: string; description: string }> = {
  self: {
    displayName: 'Benutzer',
    description: 'Das eigene Konto: wer bin ich, eigene Daten und E-Mail-Adresse ändern',
  },
  applications: {
    displayName: 'Anträge',
    description: 'Registrierung von Fotostudios und ihre Prüfung durch den Anbieter',
  },
  documents: {
    displayName: 'Dokumente',
    description: 'Nachweise zur Registrierung hochladen und zur Prüfung herunterladen',
  },
  companies: {
    displayName: 'Firmen',
    description: 'Firmen, ihre Studios, ihr Verlauf und die Kontoaktivierung des Inhabers',
  },
  employees: {
    displayName: 'Mitarbeitende',
    description: 'Die Personen einer Firma: Einladung, Freigabe, Rolle, Löschen',
  },
  eid: {
    displayName: 'eID',
    description: 'eID-Verifizierung mit dem Online-Ausweis und die Prüfung abweichender Ausweisdaten',
  },
  systemIntegrators: {
    displayName: 'System-Integratoren',
    description: 'Hersteller der Studio-Software, die Gerätelizenzen vergeben',
  },
  resellers: { displayName: 'Reseller', description: 'Wiederverkäufer eines System-Integrators' },
  licenses: {
    displayName: 'Lizenzen',
    description: 'Gerätelizenzen eines System-Integrators: anlegen, ändern, sperren, entsperren',
  },
  prepaidPackages: {
    displayName: 'Vorgangspakete',
    description: 'Vorausbezahlte Pakete von Identifikationsvorgängen einer Lizenz',
  },
  device: {
    displayName: 'Geräte-API',
    description:
      'Aufrufe der Studio-Software mit dem Lizenzschlüssel: aktivieren, prüfen, Vorgänge buchen und stornieren',
  },
  webhooks: {
    displayName: 'Webhooks',
    description: 'Empfänger der signierten Ereignisse eines System-Integrators (Standard Webhooks)',
  },
  apiClients: {
    displayName: 'API-Zugänge',
    description:
      'Maschinenzugänge für das Backoffice eines System-Integrators (OAuth 2.0 Client Credentials, ohne Cookie und Anti-Forgery-Token)',
  },
  administrators: { displayName: 'Administratoren', description: 'Konten des Anbieters und der System-Integratoren' },
  usage: { displayName: 'Nutzung', description: 'Verbrauchte Vorgänge je Monat, Studio und Gerät' },
  dashboard: { displayName: 'Übersicht', description: 'Was ansteht: die Zahlen der Übersicht je Rolle' },
  reports: {
    displayName: 'Auswertungen',
    description: 'Vorgangsauswertungen: im Hintergrund erstellt, als ZIP heruntergeladen',
  },
  statements: {
    displayName: 'Abrechnungen',
    description: 'Monatsabrechnungen je Firma, Studio und Gerät: am Monatsersten ausgestellt, danach unveränderlich',
  },
  audit: {
    displayName: 'Protokoll',
    description: 'Das Änderungsprotokoll: wer wann was entschieden oder geändert hat; nur lesbar',
  },
  retention: {
    displayName: 'Datenlöschung',
    description: 'Die Löschläufe nach den Aufbewahrungsregeln (docs/retention.md) und ihre Zahlen',
  },
};

/** The document's `tags`, in this order. */
export const API_TAGS = (Object.keys(API_TAG) as TagKey[]).map((key) => ({
  name: API_TAG[key],
  'x-displayName': GERMAN[key].displayName,
  description: GERMAN[key].description,
}));
