/**
 * Retention as code (issue 28, part 1): one rule per category of RETENTION_CATEGORIES, what goes,
 * after which event, after how long and on which legal ground. The retention job
 * (server/jobs/retention.job.ts) reads the periods from here; docs/retention.md explains each row.
 * No zod and no date library here: the 'Datenlöschung' screen may show this table.
 */
import type { RetentionCategory } from './retention';

/** A period as date-fns' `Duration` has it (years, months, days), structurally, so no date-fns import. */
export interface RetentionPeriod {
  years?: number;
  months?: number;
  days?: number;
}

export interface RetentionRule {
  category: RetentionCategory;
  /** What is deleted or anonymised, in German. */
  what: string;
  /** The event the period starts from, in German. */
  after: string;
  /** How long it is kept after that event. */
  period: RetentionPeriod;
  /** The period in German words, as the dry run and docs/retention.md print it. */
  periodText: string;
  /** Legal source, German short form. */
  source: string;
  /** Which job applies the rule: the daily retention job, or the older cleanup jobs it names. */
  appliedBy: string;
}

/** PassDEÜV § 1d Abs. 2: log data (and the data of persons who carried out identifications) 10 years and 6 months. */
export const LOG_RETENTION: RetentionPeriod = { years: 10, months: 6 };
/** PassDEÜV § 1d Abs. 2: a closed account's personal data and pseudonym go 6 months after the closure. */
export const CLOSED_ACCOUNT_RETENTION: RetentionPeriod = { months: 6 };
/** Applications rejected and documents of closed companies: six months, as a closed account. */
export const APPLICATION_RETENTION: RetentionPeriod = { months: 6 };
/** Ended invitations and e-mail-change requests: 30 days for questions about a link that did not work. */
export const ENDED_REQUEST_RETENTION: RetentionPeriod = { days: 30 };
/** Ended eID binding sessions: 1 day (cleanup job, EID_SESSION_RETENTION_DAYS). */
export const EID_SESSION_RETENTION: RetentionPeriod = { days: 1 };

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    category: 'identificationProcesses',
    what: 'Identifikationsvorgänge (Protokoll je Upload: Zeit, Lizenz, Studio, Gerät, Paket) werden gelöscht',
    after: 'Aufzeichnung des Vorgangs',
    period: LOG_RETENTION,
    periodText: '10 Jahre und 6 Monate',
    source: 'PassDEÜV § 1d Abs. 1 und 2',
    appliedBy: 'Löschlauf (täglich)',
  },
  {
    category: 'closedAccounts',
    what:
      'Personendaten (Name, E-Mail, Geburtsdatum, Rolle) und eID-Pseudonym gelöschter oder abgelehnter Konten werden ' +
      'gelöscht; abgelehnte Konten verschwinden dann auch aus der Nutzerliste',
    after: 'Löschung oder Ablehnung des Kontos',
    period: CLOSED_ACCOUNT_RETENTION,
    periodText: '6 Monate; 10 Jahre und 6 Monate, wenn die Person Identifizierungen durchgeführt hat',
    source: 'PassDEÜV § 1d Abs. 2; DSGVO Art. 5 Abs. 1 lit. e, Art. 17',
    appliedBy: 'Löschlauf (täglich)',
  },
  {
    category: 'closedCompanies',
    what: 'Firmendaten geschlossener Firmen (Name, Rechtsform, Anschrift, Telefon, Website, Mitgliedsnummer) werden gelöscht',
    after: 'Schließung (Löschung) der Firma',
    period: CLOSED_ACCOUNT_RETENTION,
    periodText: '6 Monate',
    source: 'PassDEÜV § 1d Abs. 2 (wie Konten); DSGVO Art. 5 Abs. 1 lit. e, Art. 17',
    appliedBy: 'Löschlauf (täglich)',
  },
  {
    category: 'rejectedApplications',
    what:
      'Abgelehnte Anträge mit ihren Unterlagen werden gelöscht (die Unterlagen schon nach DOCUMENT_RETENTION_DAYS, ' +
      'Standard 30 Tage, durch den Aufräumjob); nie bestätigte Anträge mit Unterlagen, sobald der Bestätigungslink ' +
      'abgelaufen ist (Aufräumjob); Uploads ohne Antrag nach 2 Stunden (Aufräumjob)',
    after: 'Ablehnung des Antrags',
    period: APPLICATION_RETENTION,
    periodText: '6 Monate (Unterlagen: DOCUMENT_RETENTION_DAYS)',
    source: 'DSGVO Art. 5 Abs. 1 lit. c und e, Art. 17; PassV § 6 Abs. 2 (Nachweis nur für die Prüfung)',
    appliedBy: 'Löschlauf (täglich) und Aufräumjob (alle 10 Minuten)',
  },
  {
    category: 'approvedApplicationDocuments',
    what: 'Unterlagen des genehmigten Antrags (Gewerbenachweis) einer geschlossenen Firma werden gelöscht',
    after: 'Schließung (Löschung) der Firma',
    period: APPLICATION_RETENTION,
    periodText: '6 Monate',
    source: 'PassV § 6 Abs. 2 (Nachweis für die Dauer des Kontos); DSGVO Art. 5 Abs. 1 lit. e, Art. 17',
    appliedBy: 'Löschlauf (täglich)',
  },
  {
    category: 'endedRequests',
    what:
      'Beendete Einladungen (angenommen, ersetzt, zurückgezogen, abgelaufen) und E-Mail-Änderungen (bestätigt, ' +
      'ersetzt, abgelaufen) werden gelöscht; beendete eID-Sitzungen schon nach 1 Tag (Aufräumjob)',
    after: 'Ende der Einladung, der E-Mail-Änderung oder der eID-Sitzung',
    period: ENDED_REQUEST_RETENTION,
    periodText: '30 Tage (eID-Sitzungen: 1 Tag)',
    source: 'DSGVO Art. 5 Abs. 1 lit. c und e',
    appliedBy: 'Löschlauf (täglich) und Aufräumjob (alle 10 Minuten)',
  },
  {
    category: 'finishedReports',
    what: 'Vorgangsauswertungen (fertig, fehlgeschlagen oder liegen geblieben) mit ihren Dateien werden gelöscht',
    after: 'Letzte Änderung der Auswertung',
    period: { days: 90 },
    periodText: 'REPORT_RETENTION_DAYS (Standard 90 Tage)',
    source: 'DSGVO Art. 5 Abs. 1 lit. e (die Vorgänge selbst bleiben 10 Jahre und 6 Monate)',
    appliedBy: 'Löschlauf (täglich) und Auswertungs-Aufräumjob (stündlich)',
  },
  {
    category: 'dataExports',
    what: 'Die ZIP-Dateien der Datenauskünfte („Meine Daten“) werden gelöscht; dass eine Auskunft erstellt wurde, bleibt mit dem Konto',
    after: 'Fertigstellung der Auskunft',
    period: { days: 7 },
    periodText: '7 Tage',
    source: 'DSGVO Art. 15, Art. 20, Art. 5 Abs. 1 lit. e',
    appliedBy: 'Löschlauf (täglich)',
  },
  {
    category: 'auditRows',
    what:
      'Protokolleinträge von oder über eine gelöschte Person werden anonymisiert (E-Mail des Handelnden und ' +
      'Personendaten im Vorher/Nachher entfernt; wo ein anderer Eintrag ihrer Firma oder ihres Antrags ihre ' +
      'E-Mail-Adresse nennt, etwa eine Einladung, stehen dort statt E-Mail, Namen und Geburtsdatum „gelöscht“), ' +
      'sobald ihre Kontodaten gelöscht werden; nach 10 Jahren und 6 Monaten werden Protokolleinträge gelöscht',
    after: 'Löschung der Personendaten; sonst der Eintrag selbst',
    period: LOG_RETENTION,
    periodText: 'mit den Daten, um die es geht; höchstens 10 Jahre und 6 Monate',
    source: 'PassDEÜV § 1d Abs. 2; DSGVO Art. 5 Abs. 1 lit. e, Art. 17',
    appliedBy: 'Löschlauf (täglich)',
  },
];

/** The rule of a category (every category has exactly one). */
export function retentionRule(category: RetentionCategory): RetentionRule {
  const rule = RETENTION_RULES.find((r) => r.category === category);
  if (!rule) throw new Error(`no retention rule for ${category}`);
  return rule;
}
