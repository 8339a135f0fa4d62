import { describe, expect, it } from 'vitest';
import { identityDifferences } from '../../src/domain/eid';
import type { EidResult, EidSessionUser } from '../../server/eid/port';
import { createEidSimulator, DEMO_BOUND_CARD, simulatedCardNumber } from '../../server/eid/simulator';

const MINUTE_MS = 60_000;

function simulator() {
  let now = new Date('2026-11-24T10:00:00Z');
  const sim = createEidSimulator({ clock: () => now, publicUrl: 'https://portal.lumio.example' });
  return {
    sim,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    start: (user: EidSessionUser) => sim.startSession({ user, expiresAt: new Date(now.getTime() + 10 * MINUTE_MS) }),
  };
}

const person = (overrides: Partial<EidSessionUser> = {}): EidSessionUser => ({
  id: '5f0c6a0e-8d1b-4c1e-9a43-6b1a2c3d4e5f',
  firstName: 'Jürgen',
  lastName: 'Groß-Böhm',
  birthDate: '1992-02-29',
  ...overrides,
});

function identityOf(result: EidResult) {
  if (result.kind !== 'identity') throw new Error(`expected an identity, got ${result.kind}`);
  return result.identity;
}

describe('the eID simulator', () => {
  it('gives every person one card number of nine card characters, another person another one', () => {
    const card = simulatedCardNumber(person().id);
    expect(card).toMatch(/^[CFGHJKLMNPRTVWXYZ0-9]{9}$/);
    expect(simulatedCardNumber(person().id)).toBe(card);
    expect(simulatedCardNumber('0b6f0a52-5d0e-4d8e-9a43-6b1a2c3d4e5f')).not.toBe(card);
  });

  it('its QR code leads to the phone page of the session on the portal', async () => {
    const { start } = simulator();
    const session = await start(person());
    expect(session.qrValue).toBe(`https://portal.lumio.example/dev/eid/${encodeURIComponent(session.mobileToken)}`);
  });

  it('answers "matching data" like a card: capitals, umlauts written out, yet equal after normalisation', async () => {
    const { sim, start } = simulator();
    const session = await start(person());
    expect(sim.answer(session.mobileToken, 'match', 'L01X00T47')).toBe(true);
    const identity = identityOf(await sim.result(session.providerSessionId));
    expect(identity).toEqual({
      pseudonym: 'L01X00T47',
      givenNames: 'JUERGEN',
      familyName: 'GROSS-BOEHM',
      birthDate: '1992-02-29',
      documentType: 'ID',
    });
    expect(identityDifferences(person(), identity)).toEqual([]);
  });

  it.each([
    ['otherBirthDate', person(), ['birthDate'], { birthDate: '1993-02-28' }],
    ['otherName', person(), ['lastName'], { familyName: 'MUSTERMANN' }],
    ['otherName', person({ lastName: 'Mustermann' }), ['lastName'], { familyName: 'MUSTERFRAU' }],
  ] as const)('answers %s with data that differ in that field only', async (answer, user, differences, card) => {
    const { sim, start } = simulator();
    const session = await start(user);
    sim.answer(session.mobileToken, answer, 'L01X00T47');
    const identity = identityOf(await sim.result(session.providerSessionId));
    expect(identity).toMatchObject(card);
    expect(identityDifferences(user, identity)).toEqual(differences);
  });

  it('presents the demo card for "already bound", whatever the card field says', async () => {
    const { sim, start } = simulator();
    const session = await start(person());
    sim.answer(session.mobileToken, 'alreadyBound', 'L01X00T47');
    expect(identityOf(await sim.result(session.providerSessionId)).pseudonym).toBe(DEMO_BOUND_CARD);
  });

  it('is pending until the phone answers, then takes no second answer', async () => {
    const { sim, start } = simulator();
    const session = await start(person());
    expect(session.transactionCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(sim.phoneView(session.mobileToken)).toEqual({
      name: 'Jürgen Groß-Böhm',
      transactionCode: session.transactionCode,
      cardNumber: simulatedCardNumber(person().id),
    });
    expect(await sim.result(session.providerSessionId)).toEqual({ kind: 'pending' });
    expect(sim.answer(session.mobileToken, 'cancel', '')).toBe(true);
    expect(sim.phoneView(session.mobileToken)).toBeUndefined();
    expect(sim.answer(session.mobileToken, 'match', 'L01X00T47')).toBe(false);
    expect(await sim.result(session.providerSessionId)).toEqual({ kind: 'cancelled' });
  });

  it('ends a session at its end, or when the portal ends it', async () => {
    const { sim, start, advance } = simulator();
    const expiring = await start(person());
    const ended = await start(person());
    await sim.endSession(ended.providerSessionId);
    expect(sim.phoneView(ended.mobileToken)).toBeUndefined();
    expect(sim.answer(ended.mobileToken, 'match', 'L01X00T47')).toBe(false);
    advance(10 * MINUTE_MS);
    expect(sim.phoneView(expiring.mobileToken)).toBeUndefined();
    expect(sim.answer(expiring.mobileToken, 'match', 'L01X00T47')).toBe(false);
    expect(await sim.result(expiring.providerSessionId)).toEqual({ kind: 'error', code: 'EID_SESSION_EXPIRED' });
  });

  it('keeps an answer after the end, and forgets the session an hour later (then: expired)', async () => {
    const { sim, start, advance } = simulator();
    const answered = await start(person());
    sim.answer(answered.mobileToken, 'cancel', '');
    advance(10 * MINUTE_MS);
    expect(await sim.result(answered.providerSessionId)).toEqual({ kind: 'cancelled' });
    advance(61 * MINUTE_MS);
    await start(person());
    expect(await sim.result(answered.providerSessionId)).toEqual({ kind: 'error', code: 'EID_SESSION_EXPIRED' });
  });
});
