// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../server/config';

const root = new URL('../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The section of docs/production.md that lists every variable (A.4), up to the next section. */
function configurationSection(): string {
  const doc = read('docs/production.md');
  const start = doc.indexOf('## A.4 Configuration');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
}

describe('every environment variable is documented for the operator', () => {
  it.each(CONFIG_VARIABLES.map((name) => [name]))('%s is in docs/production.md A.4 and the README', (name) => {
    // BRAND_OWNER_ADDRESS and its siblings are listed as BRAND_OWNER_NAME, `_ADDRESS`, … in one row.
    const spelled = [name, `_${name.split('_').slice(2).join('_')}`];
    const mentions = (text: string) =>
      spelled.some((form) => new RegExp(`\`${form}\``).test(text)) || new RegExp(`\\b${name}\\b`).test(text);
    expect(mentions(configurationSection())).toBe(true);
    expect(mentions(read('README.md'))).toBe(true);
  });
});
