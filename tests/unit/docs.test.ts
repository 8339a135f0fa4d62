// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_LICENSE_KEYS } from '../../server/db/seed-licenses';
import packageJson from '../../package.json';

/*
 * What a newcomer copies from the README and docs/ works: the licence keys are the demo data's
 * (server/db/seed-licenses.ts), every link to a section finds its heading, every npm script is in
 * the README's command table.
 */

const root = resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Anything shaped like a licence key (src/domain/licenses.ts LICENSE_KEY_PATTERN), in running text. */
const LICENSE_KEY_IN_TEXT = /\b[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){4}\b/g;

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Markdown links outside code: their targets. */
function linkTargets(markdown: string): string[] {
  const withoutCode = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('README and docs', () => {
  it('finds the heading of a section by its GitHub anchor', () => {
    const anchors = headingAnchors(
      '# Lumio\n## Konfiguration (Umgebungsvariablen)\n```\n# not a heading\n```\n## Retries: what to do\n## Retries: what to do',
    );
    expect([...anchors]).toEqual([
      'lumio',
      'konfiguration-umgebungsvariablen',
      'retries-what-to-do',
      'retries-what-to-do-1',
    ]);
  });

  it.each(DOCUMENTS)('%s names only licence keys the demo data has', (path) => {
    const demoKeys: string[] = Object.values(DEMO_LICENSE_KEYS);
    const named = [...read(path).matchAll(LICENSE_KEY_IN_TEXT)].map((m) => m[0]);
    expect(named.filter((key) => !demoKeys.includes(key))).toEqual([]);
  });

  it.each(DOCUMENTS)('%s links only to files and sections that exist', (path) => {
    const broken: string[] = [];
    for (const target of linkTargets(read(path))) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: not ours to check here
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const linked = file === '' ? join(root, path) : resolve(dirname(join(root, path)), file);
      if (!existsSync(linked)) {
        broken.push(target);
        continue;
      }
      if (anchor !== undefined && !headingAnchors(readFileSync(linked, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`${target} (no such section in ${relative(root, linked)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('lists every npm script in the README command table', () => {
    const readme = read('README.md');
    const missing = Object.keys(packageJson.scripts).filter((name) => {
      const command = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      return !new RegExp(`^\\| \`${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\` ]`, 'm').test(readme);
    });
    expect(missing).toEqual([]);
  });
});
