import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../src/domain/pageTitle';

describe('the tab title', () => {
  it('names the page first, then the product', () => {
    expect(pageTitle('Firmen')).toBe('Firmen – Lumio');
  });

  it('is the product alone when the page has no name', () => {
    expect(pageTitle()).toBe('Lumio');
    expect(pageTitle('  ')).toBe('Lumio');
  });
});
