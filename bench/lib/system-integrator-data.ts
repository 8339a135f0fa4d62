/**
 * 100,000 system integrators that look like the real ones: German company names built from
 * trades, family names, cities and legal forms, and unique codes ("Kennung"). Deterministic (a
 * seeded PRNG), so every run and both databases hold the same rows and the search terms below
 * hit the same number of rows.
 */

export const ROW_COUNT = 100_000;

const TRADES = [
  'Fototechnik',
  'Bildsysteme',
  'Kassensysteme',
  'IT-Service',
  'Systemhaus',
  'Datentechnik',
  'Digitaldruck',
  'Passbildtechnik',
  'Kamerasysteme',
  'Netzwerktechnik',
  'Softwarehaus',
  'Medientechnik',
  'Fotoservice',
  'Druckservice',
  'Biometrie-Systeme',
  'EDV-Beratung',
  'Studiotechnik',
  'Bürotechnik',
  'Kiosksysteme',
  'Elektronik',
  'Informatik',
  'Computertechnik',
  'Imaging',
  'Lichttechnik',
];

const FAMILY_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Schubert',
  'Vogel',
  'Friedrich',
  'Keller',
  'Günther',
  'Frank',
  'Berger',
  'Winkler',
  'Roth',
  'Beck',
  'Lorenz',
];

const CITIES = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Frankfurt',
  'Stuttgart',
  'Düsseldorf',
  'Leipzig',
  'Dortmund',
  'Essen',
  'Bremen',
  'Dresden',
  'Hannover',
  'Nürnberg',
  'Duisburg',
  'Bochum',
  'Wuppertal',
  'Bielefeld',
  'Bonn',
  'Münster',
  'Mannheim',
  'Karlsruhe',
  'Augsburg',
  'Wiesbaden',
  'Kiel',
  'Rostock',
  'Freiburg',
  'Erfurt',
  'Mainz',
  'Lübeck',
  'Magdeburg',
  'Potsdam',
  'Regensburg',
  'Würzburg',
  'Ulm',
  'Heidelberg',
  'Göttingen',
  'Passau',
  'Trier',
  'Jena',
];

/** Regions for brand-like names such as "Rheinpixel GmbH". */
const REGIONS = [
  'Rhein',
  'Elbe',
  'Main',
  'Isar',
  'Spree',
  'Weser',
  'Ruhr',
  'Alpen',
  'Nord',
  'Süd',
  'Ost',
  'West',
  'Hanse',
];
const BRAND_SUFFIXES = ['pixel', 'bild', 'foto', 'data', 'soft', 'kiosk', 'vision', 'print', 'tech', 'media'];

/** Legal forms, GmbH most often, as in the trade register. */
const LEGAL_FORMS: [string, number][] = [
  ['GmbH', 55],
  ['GmbH & Co. KG', 12],
  ['KG', 6],
  ['AG', 4],
  ['e.K.', 10],
  ['OHG', 4],
  ['UG (haftungsbeschränkt)', 7],
  ['GbR', 2],
];
const LEGAL_FORM_TOTAL = LEGAL_FORMS.reduce((sum, [, weight]) => sum + weight, 0);

/** mulberry32: small, fast and good enough to spread names; seeded so the data set is fixed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Codes are ASCII only (SYSTEM_INTEGRATOR_CODE_PATTERN). */
function ascii(word: string): string {
  return word
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}

export interface GeneratedSystemIntegrator {
  name: string;
  code: string;
}

/** The code of row `index`: short name, dash, running number (unique by the number). */
export function codeFor(shortName: string, index: number): string {
  return `${ascii(shortName).slice(0, 8)}-${String(index + 1).padStart(6, '0')}`;
}

/** Rows `from` (inclusive) to `to` (exclusive) of the fixed data set. */
export function generateSystemIntegrators(from: number, to: number): GeneratedSystemIntegrator[] {
  const rows: GeneratedSystemIntegrator[] = [];
  for (let index = from; index < to; index++) {
    const random = prng(index * 2654435761 + 17);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    let weight = random() * LEGAL_FORM_TOTAL;
    const legalForm = LEGAL_FORMS.find(([, w]) => (weight -= w) < 0)?.[0] ?? 'GmbH';
    const pattern = random();
    let name: string;
    let short: string;
    if (pattern < 0.35) {
      const family = pick(FAMILY_NAMES);
      name = `${pick(TRADES)} ${family}`;
      short = family;
    } else if (pattern < 0.65) {
      const city = pick(CITIES);
      name = `${pick(TRADES)} ${city}`;
      short = city;
    } else if (pattern < 0.85) {
      const first = pick(FAMILY_NAMES);
      name = `${first} & ${pick(FAMILY_NAMES)} ${pick(TRADES)}`;
      short = first;
    } else {
      const brand = `${pick(REGIONS)}${pick(BRAND_SUFFIXES)}`;
      name = `${brand} ${pick(CITIES)}`;
      short = brand;
    }
    rows.push({ name: `${name} ${legalForm}`, code: codeFor(short, index) });
  }
  return rows;
}

/** The code of the last row: present only when the whole data set was seeded. */
export function lastCode(): string {
  return generateSystemIntegrators(ROW_COUNT - 1, ROW_COUNT)[0].code;
}

/**
 * Search terms as users type them into the list's search box. The hit counts are what the
 * fixed data set gives; the benchmark prints the real totals next to them.
 */
export function searchScenarios(): { label: string; filter?: string }[] {
  const [sample] = generateSystemIntegrators(47_110, 47_111);
  return [
    { label: 'no filter, first page' },
    { label: 'common substring "foto"', filter: 'foto' },
    { label: 'family name "schmidt"', filter: 'schmidt' },
    { label: `rare: one code "${sample.code}"`, filter: sample.code },
    { label: 'no hits "xylograph"', filter: 'xylograph' },
  ];
}
