import englishMessages from 'ra-language-english';
import { describe, expect, it, vi } from 'vitest';
import { AREA_IDS, MENU_AREAS, TILE_AREAS } from '../../src/domain/navigation';
import { createI18nProvider } from '../../src/i18n';
import { AREA_MESSAGE_MODULES } from '../../src/i18n/areas';
import { deMessages, MESSAGE_MODULES } from '../../src/i18n/de';
import { appShellMessages } from '../../src/i18n/de/appShell';
import { flattenMessages, messageConflicts } from '../../src/i18n/mergeMessages';
import { publicI18nProvider } from '../../src/i18n/public';
import { raGermanMessages } from '../../src/i18n/raGerman';

const english = flattenMessages(englishMessages);
const german = flattenMessages(raGermanMessages);
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('German react-admin catalogue', () => {
  it('has every key of ra-language-english', () => {
    const missing = [...english.keys()].filter((key) => !german.has(key));
    expect(missing).toEqual([]);
  });

  it('has no keys react-admin does not know', () => {
    expect([...german.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('uses only placeholders react-admin provides for each key', () => {
    const wrong = [...german].filter(([key, text]) => {
      const allowed = new Set([...placeholders(english.get(key) ?? ''), 'smart_count', 'field']);
      return placeholders(text).some((name) => !allowed.has(name));
    });
    expect(wrong).toEqual([]);
  });

  it('keeps the plural separator where English has one', () => {
    const wrong = [...english].filter(([key, text]) => text.includes('||||') !== german.get(key)?.includes('||||'));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('translates every key instead of copying the English text', () => {
    // Texts made of placeholders only (e.g. "%{name}") and "Details" read the same in German.
    const hasWords = (text: string) => /[a-z]/i.test(text.replace(/%\{\w+\}/g, ''));
    const copied = [...english].filter(
      ([key, text]) => german.get(key) === text && hasWords(text) && key !== 'ra.message.details',
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('labels the paginator as the spec says', () => {
    expect(german.get('ra.navigation.first')).toBe('Erste Seite');
    expect(german.get('ra.navigation.last')).toBe('Letzte Seite');
    expect(german.get('ra.navigation.next')).toBe('Nächste Seite');
    expect(german.get('ra.navigation.previous')).toBe('Vorherige Seite');
    expect(german.get('ra.navigation.page_rows_per_page')).toBe('Artikel pro Seite:');
    expect(german.get('ra.navigation.no_results')).toBe('Keine Daten vorhanden');
  });
});

describe('app catalogue', () => {
  it('merges the modules without two texts for one key', () => {
    expect(messageConflicts(raGermanMessages, ...MESSAGE_MODULES)).toEqual([]);
  });

  it('contains the texts of every module', () => {
    const all = flattenMessages(deMessages);
    for (const module of MESSAGE_MODULES) {
      for (const [key, text] of flattenMessages(module)) expect(all.get(key)).toBe(text);
    }
  });

  it('has a title and description for every tile and a label for every menu entry', () => {
    const all = flattenMessages(deMessages);
    for (const area of TILE_AREAS) {
      expect(all.get(`app.tiles.${area}.title`)).toBeTruthy();
      expect(all.get(`app.tiles.${area}.description`)).toBeTruthy();
    }
    for (const area of MENU_AREAS) expect(all.get(`app.menu.${area}`)).toBeTruthy();
    expect(AREA_IDS.every((area) => TILE_AREAS.includes(area) || MENU_AREAS.includes(area))).toBe(true);
  });

  it('uses the spec’s menu texts', () => {
    expect(Object.values(appShellMessages.app.menu)).toEqual([
      'Übersicht',
      'eID-Verifizierung',
      'Verwaltung',
      'Firma & Studio',
      'Firmen',
      'Lizenzen',
      'Reseller',
      'Mitarbeitende',
      'Offene Anträge',
      'Vorgangsauswertung',
      'System-Integrator',
      // Issue 26: the SystemIntegratorAdmin's two screens of the integrators' contract.
      'Webhooks',
      'API-Zugänge',
      // Issue 28: the audit log.
      'Protokoll',
    ]);
  });
});

describe('i18n provider', () => {
  const i18n = createI18nProvider(deMessages, () => {});

  it('speaks German only', () => {
    expect(i18n.getLocale()).toBe('de');
    expect(i18n.getLocales?.()).toEqual([{ locale: 'de', name: 'Deutsch' }]);
    expect(i18n.translate('ra.action.save')).toBe('Speichern');
    expect(i18n.translate('app.layout.logout')).toBe('Abmelden');
  });

  it('fills placeholders and German plurals', () => {
    expect(i18n.translate('app.imprint.brandStatement', { name: 'Lumio Bildtechnik GmbH' })).toBe(
      'Lumio ist eine Marke der Lumio Bildtechnik GmbH.',
    );
    expect(i18n.translate('app.dashboard.openApplicationCount', { smart_count: 1 })).toBe('1 offener Antrag');
    expect(i18n.translate('app.dashboard.openApplicationCount', { smart_count: 3 })).toBe('3 offene Anträge');
    expect(i18n.translate('resources.system-integrators.name', { smart_count: 2 })).toBe('System-Integratoren');
  });

  it('reports a missing key once and shows react-admin’s default instead of an English catalogue text', () => {
    const onMissingKey = vi.fn();
    const provider = createI18nProvider(deMessages, onMissingKey);
    expect(provider.translate('resources.stores.fields.name', { _: 'Name' })).toBe('Name');
    provider.translate('resources.stores.fields.name', { _: 'Name' });
    expect(onMissingKey).toHaveBeenCalledTimes(1);
    expect(onMissingKey).toHaveBeenCalledWith('resources.stores.fields.name');
  });

  it('does not report plain texts react-admin passes through translate', () => {
    const onMissingKey = vi.fn();
    const provider = createI18nProvider(deMessages, onMissingKey);
    expect(provider.translate('Kennung')).toBe('Kennung');
    expect(onMissingKey).not.toHaveBeenCalled();
  });

  it('adds message modules to a running catalogue, once each', () => {
    const onMissingKey = vi.fn();
    const provider = createI18nProvider(raGermanMessages, onMissingKey);
    const module = { app: { probe: { text: 'Probe %{name}' } } };
    provider.addMessages(module);
    provider.addMessages(module);
    expect(provider.translate('app.probe.text', { name: 'eins' })).toBe('Probe eins');
    expect(provider.translate('ra.action.save')).toBe('Speichern');
    expect(onMissingKey).not.toHaveBeenCalled();
  });

  it('gives the signed-in app the shell’s texts first and the areas’ with the first lazy screen', async () => {
    // The app's catalogue as a fresh page load has it: test files share loaded modules
    // (vitest.config.ts), and another file's screens may have loaded the areas already.
    vi.resetModules();
    const { i18nProvider: appI18nProvider, loadAreaMessages } = await import('../../src/i18n');
    expect(appI18nProvider.translate('app.layout.pendingEmployees', { smart_count: 2 })).toBe(
      '2 Personen warten auf Freigabe',
    );
    // Before the areas arrive their keys are missing, which the app reports on the console.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const areaKeys = AREA_MESSAGE_MODULES.flatMap((module) => [...flattenMessages(module)]);
    expect(areaKeys.filter(([key]) => appI18nProvider.translate(key) !== key)).toEqual([]);
    await loadAreaMessages();
    expect(areaKeys.filter(([key, text]) => !text.includes('%{') && appI18nProvider.translate(key) !== text)).toEqual(
      [],
    );
  });

  it('gives the public shell its texts without react-admin’s catalogue', () => {
    expect(publicI18nProvider.translate('app.landing.login')).toBe('Jetzt anmelden');
    expect(publicI18nProvider.translate('app.footer.imprint')).toBe('Impressum');
  });
});
