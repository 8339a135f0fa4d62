import { describe, expect, it } from 'vitest';
import { canStartEidBinding, identityDifferences, normaliseName } from '../../src/domain/eid';

const profile = { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt', birthDate: '1980-04-12' };

describe('names are compared after normalisation', () => {
  it('ignores case, writes umlauts out and treats hyphens like spaces', () => {
    expect(normaliseName('MÜLLER-LÜDENSCHEIDT')).toBe('mueller luedenscheidt');
    expect(normaliseName('  Mueller  Luedenscheidt ')).toBe('mueller luedenscheidt');
    expect(normaliseName('Straß')).toBe('strass');
    expect(normaliseName('José')).toBe('jose');
  });

  it('a card in capitals with umlauts written out matches the profile', () => {
    const card = { givenNames: 'JUERGEN', familyName: 'MUELLER-LUEDENSCHEIDT', birthDate: '1980-04-12' };
    expect(identityDifferences(profile, card)).toEqual([]);
  });

  it('the profile first name may be one of several given names, or several in their order', () => {
    const card = { givenNames: 'KARL JÜRGEN MARIA', familyName: 'Müller Lüdenscheidt', birthDate: '1980-04-12' };
    expect(identityDifferences(profile, card)).toEqual([]);
    expect(identityDifferences({ ...profile, firstName: 'Jürgen Maria' }, card)).toEqual([]);
    expect(identityDifferences({ ...profile, firstName: 'Maria Jürgen' }, card)).toEqual(['firstName']);
    expect(identityDifferences({ ...profile, firstName: 'Jürg' }, card)).toEqual(['firstName']);
  });

  it('names every field that differs', () => {
    const card = { givenNames: 'ERIKA', familyName: 'MUSTERMANN', birthDate: '1981-04-12' };
    expect(identityDifferences(profile, card)).toEqual(['firstName', 'lastName', 'birthDate']);
  });

  it('a profile without birth date or names never matches', () => {
    const card = { givenNames: 'JUERGEN', familyName: 'MUELLER LUEDENSCHEIDT', birthDate: '1980-04-12' };
    expect(identityDifferences({ ...profile, birthDate: null }, card)).toEqual(['birthDate']);
    expect(identityDifferences({ firstName: ' ', lastName: '', birthDate: '1980-04-12' }, card)).toEqual([
      'firstName',
      'lastName',
    ]);
  });
});

describe('who may start an eID binding', () => {
  it('company users whose ID is not bound yet', () => {
    expect(canStartEidBinding('Employee', 'Unverified')).toBe(true);
    expect(canStartEidBinding('Owner', 'Approved')).toBe(true);
    expect(canStartEidBinding('AccountAdministrator', 'Verified')).toBe(false);
    expect(canStartEidBinding('Owner', 'VerifiedAndApproved')).toBe(false);
    expect(canStartEidBinding('LumioAdmin', 'Unverified')).toBe(false);
    expect(canStartEidBinding('SystemIntegratorAdmin', 'Approved')).toBe(false);
  });
});
