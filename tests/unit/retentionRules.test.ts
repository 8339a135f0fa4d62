import { describe, expect, it } from 'vitest';
import { RETENTION_CATEGORIES, RETENTION_CATEGORY_TEXTS } from '../../src/domain/retention';
import {
  CLOSED_ACCOUNT_RETENTION,
  LOG_RETENTION,
  RETENTION_RULES,
  retentionRule,
} from '../../src/domain/retentionRules';

describe('the retention rules (issue 28)', () => {
  it('has exactly one rule per category, in the categories’ order', () => {
    expect(RETENTION_RULES.map((rule) => rule.category)).toEqual([...RETENTION_CATEGORIES]);
    for (const category of RETENTION_CATEGORIES) expect(retentionRule(category).category).toBe(category);
  });

  it('holds the law’s periods: logs 10 years 6 months, a closed account 6 months or 10 years 6 months', () => {
    expect(LOG_RETENTION).toEqual({ years: 10, months: 6 });
    expect(CLOSED_ACCOUNT_RETENTION).toEqual({ months: 6 });
    expect(retentionRule('identificationProcesses').period).toEqual({ years: 10, months: 6 });
    expect(retentionRule('identificationProcesses').source).toContain('PassDEÜV § 1d');
    expect(retentionRule('closedAccounts').period).toEqual({ months: 6 });
    expect(retentionRule('closedAccounts').periodText).toContain('10 Jahre und 6 Monate');
    expect(retentionRule('closedAccounts').source).toContain('DSGVO Art. 5 Abs. 1 lit. e, Art. 17');
    expect(retentionRule('auditRows').period).toEqual(LOG_RETENTION);
  });

  it('says every rule in German: what, after which event, how long, on which ground, applied by whom', () => {
    for (const rule of RETENTION_RULES) {
      for (const text of [rule.what, rule.after, rule.periodText, rule.source, rule.appliedBy]) {
        expect(text.trim().length, `${rule.category}`).toBeGreaterThan(3);
        expect(text, rule.category).not.toMatch(/\b(delete|deleted|after|years|months|days|undefined)\b/);
      }
      const { years = 0, months = 0, days = 0 } = rule.period;
      expect(years * 366 + months * 31 + days, rule.category).toBeGreaterThan(0);
      expect(RETENTION_CATEGORY_TEXTS[rule.category]).toBeTruthy();
    }
  });
});
