import { describe, expect, it } from 'vitest';
import { USER_STATUSES, type UserStatus } from '../../src/domain/roles';
import {
  INITIAL_STATUS,
  isLockedOut,
  isPendingApproval,
  nextStatus,
  userStatusLabel,
  type UserStatusEvent,
} from '../../src/domain/userStatus';

const EVENTS: UserStatusEvent[] = [
  'companyApproves',
  'companyRejects',
  'eidMatches',
  'eidDiffers',
  'eidReviewConfirmed',
  'eidReviewRejected',
];

/** ARCHITECTURE.md "Users: one status machine", written out cell by cell: null = refused. */
const EXPECTED: Record<UserStatus, Record<UserStatusEvent, UserStatus | null>> = {
  Unverified: {
    companyApproves: 'Approved',
    companyRejects: 'Rejected',
    eidMatches: 'Verified',
    eidDiffers: 'Unverified',
    eidReviewConfirmed: 'Verified',
    eidReviewRejected: 'Unverified',
  },
  Verified: {
    companyApproves: 'VerifiedAndApproved',
    companyRejects: 'Rejected',
    eidMatches: null,
    eidDiffers: null,
    eidReviewConfirmed: null,
    eidReviewRejected: null,
  },
  Approved: {
    companyApproves: null,
    companyRejects: null,
    eidMatches: 'VerifiedAndApproved',
    eidDiffers: 'Approved',
    eidReviewConfirmed: 'VerifiedAndApproved',
    eidReviewRejected: 'Approved',
  },
  VerifiedAndApproved: {
    companyApproves: null,
    companyRejects: null,
    eidMatches: null,
    eidDiffers: null,
    eidReviewConfirmed: null,
    eidReviewRejected: null,
  },
  Rejected: {
    companyApproves: null,
    companyRejects: null,
    eidMatches: null,
    eidDiffers: null,
    eidReviewConfirmed: null,
    eidReviewRejected: null,
  },
  Active: {
    companyApproves: null,
    companyRejects: null,
    eidMatches: null,
    eidDiffers: null,
    eidReviewConfirmed: null,
    eidReviewRejected: null,
  },
};

describe('the user status machine', () => {
  for (const from of USER_STATUSES) {
    for (const event of EVENTS) {
      const expected = EXPECTED[from][event];
      it(`${from} + ${event} → ${expected ?? 'refused'}`, () => {
        expect(nextStatus(from, event)).toBe(expected);
      });
    }
  }

  it('starts an approved application’s owner as Approved and an invited person as Unverified', () => {
    expect(INITIAL_STATUS).toEqual({
      ownerCreated: 'Approved',
      invitationRegistered: 'Unverified',
      administratorCreated: 'Active',
    });
  });

  it('counts exactly the unverified and verified people as waiting for the company’s approval', () => {
    expect(USER_STATUSES.filter(isPendingApproval)).toEqual(['Unverified', 'Verified']);
  });

  it('locks out exactly the rejected people', () => {
    expect(USER_STATUSES.filter(isLockedOut)).toEqual(['Rejected']);
  });

  it('labels the statuses in German, a rejected person as rejected', () => {
    expect(USER_STATUSES.map(userStatusLabel)).toEqual([
      'Nicht verifiziert',
      'Verifiziert',
      'Aktiv',
      'Aktiv',
      'Abgelehnt',
      'Aktiv',
    ]);
  });
});
