import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TEXTS, AUDIT_ACTIONS } from '../../src/domain/auditActions';
import { companyMessages } from '../../src/i18n/de/company';

/** The histories' text keys (src/resources/companies/historyText.ts) of the actions they name. */
const HISTORY_KEYS: Record<string, string> = {
  'company.updated': 'companyUpdated',
  'store.created': 'storeCreated',
  'store.updated': 'storeUpdated',
  'store.deleted': 'storeDeleted',
  'user.updated': 'userUpdated',
  'user.email-changed': 'userEmailChanged',
  'application.approved': 'applicationApproved',
  'owner-activation.resent': 'ownerActivationResent',
  'user.approved': 'userApproved',
  'user.rejected': 'userRejected',
  'user.role-changed': 'userRoleChanged',
  'user.deleted': 'userDeleted',
  'user.second_factor_reset': 'userSecondFactorReset',
  'invitation.created': 'invitationCreated',
  'invitation.renewed': 'invitationRenewed',
  'invitation.withdrawn': 'invitationWithdrawn',
  'user.registered': 'userRegistered',
  'eid.bound': 'eidBound',
  'eid.review-opened': 'eidReviewOpened',
  'eid.review-confirmed': 'eidReviewConfirmed',
  'eid.review-rejected': 'eidReviewRejected',
  'administrator.created': 'administratorCreated',
  'administrator.updated': 'administratorUpdated',
  'administrator.deleted': 'administratorDeleted',
  'license.created': 'licenseCreated',
  'license.updated': 'licenseUpdated',
  'package.created': 'packageCreated',
  'package.updated': 'packageUpdated',
  'package.increased': 'packageIncreased',
};

describe('the audit actions in German', () => {
  it('names every action the server records', () => {
    expect(Object.keys(AUDIT_ACTION_TEXTS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.values(AUDIT_ACTION_TEXTS).every((text) => text.trim().length > 0)).toBe(true);
  });

  it('uses the histories’ words for the actions the histories name', () => {
    const what: Record<string, string> = companyMessages.app.companyHistory.what;
    for (const [action, key] of Object.entries(HISTORY_KEYS)) {
      expect({ action, text: what[key] }).toEqual({
        action,
        text: AUDIT_ACTION_TEXTS[action as keyof typeof AUDIT_ACTION_TEXTS],
      });
    }
  });
});
