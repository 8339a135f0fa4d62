import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_TEXTS } from '../../src/domain/auditActions';
import { auditLogMessages } from '../../src/i18n/de/auditLog';
import { API_CLIENT_AUDIT_ROLE } from '../../src/domain/apiClientAudit';
import { createI18nProvider } from '../../src/i18n/createI18nProvider';
import { deMessages } from '../../src/i18n/de';
import { ACTION_CHOICES, actionText, personText, subjectText } from '../../src/resources/audit-log/auditLogRows';

const translate = createI18nProvider(deMessages).translate;

describe("the audit log's rows in German (route audit-log)", () => {
  it('names every action in German and offers them all, in the order of their words', () => {
    expect(ACTION_CHOICES.map((choice) => choice.id).sort()).toEqual([...AUDIT_ACTIONS].sort());
    const names = ACTION_CHOICES.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(actionText('store.updated')).toBe(AUDIT_ACTION_TEXTS['store.updated']);
    // An action a newer server writes stays readable.
    expect(actionText('something.new')).toBe('something.new');
  });

  it('says who acted: a person with the role in German, an API client, the portal itself', () => {
    expect(personText({ actor: { name: 'Anton Admin', role: 'LumioAdmin' } }, translate)).toBe(
      'Anton Admin (Lumio-Admin)',
    );
    expect(personText({ actor: { name: 'Stefan Sonnenschein', role: 'Owner' } }, translate)).toBe(
      'Stefan Sonnenschein (Eigentümer*in)',
    );
    expect(personText({ actor: { name: 'Kasse 1', role: API_CLIENT_AUDIT_ROLE } }, translate)).toBe(
      'Kasse 1 (API-Zugang)',
    );
    expect(personText({ actor: null }, translate)).toBe('Lumio (automatisch)');
    // The retention run erased the person: no name and no e-mail left, the role stays.
    expect(personText({ actor: { name: '', role: 'Owner' } }, translate)).toBe('Gelöschte Person (Eigentümer*in)');
  });

  it('names the subject as recorded, else the kind of record in German', () => {
    expect(subjectText({ subject: 'Sonnenschein Mitte', entityType: 'store' }, translate)).toBe('Sonnenschein Mitte');
    expect(subjectText({ subject: null, entityType: 'license' }, translate)).toBe('Lizenz');
    expect(subjectText({ subject: null, entityType: 'webhook-endpoint' }, translate)).toBe('Webhook-Empfänger');
    expect(subjectText({ subject: null, entityType: 'unknown-kind' }, translate)).toBe('unknown-kind');
    for (const kind of Object.keys(auditLogMessages.app.auditLog.entityTypes)) {
      expect(subjectText({ subject: null, entityType: kind }, translate)).not.toBe(kind);
    }
  });
});
