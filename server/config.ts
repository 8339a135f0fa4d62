import { isIP } from 'node:net';
import { z } from 'zod';
import { DEVICE_RATE_LIMIT_PER_MINUTE, DEVICE_UNKNOWN_KEYS_PER_HOUR } from '../src/domain/licenses';

/**
 * Every setting comes from the environment and is checked once at start. A wrong value stops the
 * server with one clear line per problem, never later with a stack trace.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'muss true oder false sein' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = z.url({ message: 'muss eine vollständige URL sein (z. B. https://portal.example.de)' });
const perMinute = z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(1);

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_FORMAT =
  'eine Anzahl Proxy-Hops (z. B. 1) oder eine kommagetrennte Liste von Proxy-Adressen/-Netzen (z. B. 10.0.0.0/8,127.0.0.1) angeben';

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which senders may tell the client address in X-Forwarded-For: a hop count or proxy addresses.
 * Trusting everyone would let any client pick its own address and walk past every per-address
 * rate limit, so that is refused; 0 trusts nobody (the default).
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  if (/^(true|yes|all|\*)$/i.test(text)) {
    ctx.addIssue({ code: 'custom', message: `vertraut jedem Absender und ist nicht erlaubt; ${TRUST_PROXY_FORMAT}` });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  TRUST_PROXY: trustProxy.optional(),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'muss mit postgres:// oder postgresql:// beginnen')
    .optional(),
  /** Embedded stand-ins (IdP, mail catcher, /dev routes, demo users). Default: on unless production. */
  EMBEDDED: bool.optional(),
  KEYCLOAK_URL: url.optional(),
  KEYCLOAK_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'nur Buchstaben, Ziffern, - und _')
    .default('lumio'),
  KEYCLOAK_CLIENT_ID: z.string().min(1).default('lumio-web'),
  /** Audience the API requires in access tokens (Keycloak: an audience mapper on the client). */
  KEYCLOAK_AUDIENCE: z.string().min(1).default('lumio-api'),
  /** The confidential service-account client the API administers Keycloak's users with (IdP admin port). */
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1).default('lumio-server'),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'muss mit smtp:// oder smtps:// beginnen')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lumio <no-reply@lumio.example>'),
  /** Secret for the embedded IdP's cookies; generated and kept in the database when absent. */
  IDP_COOKIE_SECRET: z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional(),
  SEED_DEMO_DATA: bool.optional(),
  /** 32 bytes, base64: encrypts uploaded documents. Embedded mode generates one in DATA_DIR. */
  DOCUMENT_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'muss 32 Bytes als Base64 sein (openssl rand -base64 32)')
    .optional(),
  DOCUMENT_RETENTION_DAYS: z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(1).max(3650).default(30),
  /** Documents no application has taken yet (public uploads): at most this many, all together. */
  UPLOAD_UNATTACHED_MAX_COUNT: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'muss mindestens 1 sein')
    .max(1_000_000, 'darf höchstens 1000000 sein')
    .default(5000),
  /** … and at most this many MiB; at least 2, so that one file of the largest allowed size fits. */
  UPLOAD_UNATTACHED_MAX_MB: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(2, 'muss mindestens 2 sein (eine Datei darf 2 MB groß sein)')
    .max(1_000_000, 'darf höchstens 1000000 sein')
    .default(2048),
  /**
   * What one client address (an IPv6 address by its /64) may hold of them. An applicant attaches a
   * handful of documents of at most 2 MiB: 30 files and 30 MiB leave room for several attempts,
   * while the whole (2 GiB, 5,000 files) takes about 70 addresses at their cap. An address at its
   * cap gives up its own oldest unattached documents for a new one (server/modules/documents).
   */
  UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'muss mindestens 1 sein')
    .max(1_000_000, 'darf höchstens 1000000 sein')
    .default(30),
  UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(2, 'muss mindestens 2 sein (eine Datei darf 2 MB groß sein)')
    .max(1_000_000, 'darf höchstens 1000000 sein')
    .default(30),
  TERMS_PDF_URL: z.string().min(1).default('/legal/agb.pdf'),
  PRIVACY_PDF_URL: z.string().min(1).default('/legal/datenschutz.pdf'),
  /** Run the background jobs' workers in this process (`npm start`); off for API-only replicas. */
  JOB_WORKERS: bool.optional(),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(1).max(3600).default(30),
  /** Days a report (its row and its file in the database) is kept after it was last changed. */
  REPORT_RETENTION_DAYS: z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(1).max(3650).default(90),
  /** First wait before a report whose build failed is built again; it doubles per retry. */
  REPORT_RETRY_DELAY_SECONDS: z.coerce.number({ message: 'muss eine Zahl sein' }).int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON object a line (log collectors); pretty: a short readable line (default in development). */
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'muss json oder pretty sein' }).optional(),
  /** Port of the Prometheus endpoint (GET /metrics); off or 0 switches it off. */
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^(off|\d{1,5})$/i, 'muss eine Portnummer (1–65535) oder off sein')
    .transform((v) => (/^off$/i.test(v) || Number(v) === 0 ? ('off' as const) : Number(v)))
    .refine((v) => v === 'off' || v <= 65535, 'muss eine Portnummer (1–65535) oder off sein')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** After SIGTERM: how long requests in flight and running jobs may take before they are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'muss mindestens 1 sein')
    .max(3600, 'darf höchstens 3600 sein')
    .default(25),
  /** After SIGTERM: how long the instance keeps serving while unready, before it stops accepting. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(0, 'darf nicht negativ sein')
    .max(600, 'darf höchstens 600 sein')
    .default(0),
  RATE_LIMIT_PUBLIC_PER_MINUTE: perMinute.default(60),
  /** /config/config.json is loaded on every page view, so it gets far more than the public limit. */
  RATE_LIMIT_CONFIG_PER_MINUTE: perMinute.default(600),
  /**
   * The embedded IdP's token endpoint: one call per login and one refresh per open tab about every
   * 4.5 minutes (5-minute access tokens). 300 a minute lets an office behind one NAT address run
   * hundreds of tabs, even when they all wake from sleep at once, while one address cannot hammer
   * the endpoint faster than 5 calls a second.
   */
  RATE_LIMIT_TOKEN_PER_MINUTE: perMinute.default(300),
  /** The device API (studio software): requests per licence and minute, all its calls together. */
  RATE_LIMIT_DEVICE_PER_MINUTE: perMinute.default(DEVICE_RATE_LIMIT_PER_MINUTE),
  /**
   * Unknown licence keys one address may send the device API in an hour (key guessing). A studio
   * that mistypes its key needs a handful; a PC with a wrong key in its settings one per start.
   */
  RATE_LIMIT_DEVICE_UNKNOWN_KEYS_PER_HOUR: z.coerce
    .number({ message: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'muss mindestens 1 sein')
    .default(DEVICE_UNKNOWN_KEYS_PER_HOUR),
  BRAND_OWNER_NAME: z.string().default('Lumio Bildtechnik GmbH'),
  BRAND_OWNER_ADDRESS: z.string().default('Musterstraße 1, 10115 Berlin'),
  BRAND_OWNER_REGISTER: z.string().default('Amtsgericht Berlin-Charlottenburg, HRB 000000'),
  BRAND_OWNER_VAT_ID: z.string().default('DE000000000'),
  BRAND_OWNER_CONTACT: z.string().default('kontakt@lumio.example'),
});

export type Env = z.input<typeof envSchema>;

/** Every environment variable the portal reads (docs/production.md A.4 and the README list each one). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface UploadCap {
  maxCount: number;
  maxBytes: number;
}

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  /** Fastify's trustProxy: false (nobody), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  embedded: boolean;
  /**
   * Webhooks go to public https addresses only (no server-side request forgery): always without
   * embedded services; embedded mode sends to any address, so that /dev/webhooks can be tried.
   */
  webhookPublicTargetsOnly: boolean;
  /** /dev pages (mail catcher, eID simulator): embedded mode outside production only. */
  devRoutes: boolean;
  keycloak: {
    url: string;
    realm: string;
    clientId: string;
    audience: string;
    issuer: string;
    /** The service-account client of the Keycloak IdP admin port; the secret only without embedded services. */
    admin: { clientId: string; clientSecret?: string };
  };
  smtpUrl?: string;
  mailFrom: string;
  idpCookieSecret?: string;
  seedDemoData: boolean;
  documentEncryptionKey?: Buffer;
  documentRetentionDays: number;
  /**
   * Cap on documents no application has taken yet, all together (UPLOAD_UNATTACHED_MAX_COUNT, _MAX_MB)
   * and per client address (UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT, _MAX_MB).
   */
  unattachedUploads: UploadCap & { perAddress: UploadCap };
  legal: { termsUrl: string; privacyUrl: string };
  logLevel: string;
  /** LOG_FORMAT: JSON lines, or pino-pretty's short lines (server/lib/logger.ts). */
  logFormat: 'json' | 'pretty';
  /**
   * The Prometheus endpoint (server/metrics): METRICS_PORT as set ('off' for off or 0), undefined
   * when unset; each process picks its default from that (server/metrics/endpoint.ts).
   */
  metrics: { port: number | 'off' | undefined; host: string };
  /** The stop after SIGTERM (server/lib/graceful-stop.ts), in milliseconds. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Whether this process runs the job workers (server/jobs). */
  jobWorkers: boolean;
  /** First wait before a failed mail is sent again; it doubles per retry (server/jobs/mail-delivery.job.ts). */
  mailRetryDelaySeconds: number;
  reportRetentionDays: number;
  reportRetryDelaySeconds: number;
  rateLimitPublicPerMinute: number;
  rateLimitConfigPerMinute: number;
  rateLimitTokenPerMinute: number;
  /** Device API requests per licence key and minute (server/modules/device). */
  rateLimitDevicePerMinute: number;
  /** Unknown licence keys per client address and hour (server/modules/device/unknown-key-limit.ts). */
  rateLimitDeviceUnknownKeysPerHour: number;
  brandOwner: { name: string; address: string; register: string; vatId: string; contact: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const embedded = e.EMBEDDED ?? !production;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const problems: string[] = [];
  if (!embedded) {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    if (!e.KEYCLOAK_URL) problems.push('KEYCLOAK_URL: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    if (!e.KEYCLOAK_ADMIN_CLIENT_SECRET) {
      problems.push('KEYCLOAK_ADMIN_CLIENT_SECRET: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    }
    if (!e.SMTP_URL) problems.push('SMTP_URL: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    if (!e.DOCUMENT_ENCRYPTION_KEY) {
      problems.push('DOCUMENT_ENCRYPTION_KEY: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    }
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: ist ohne eingebettete Dienste (EMBEDDED=false) Pflicht');
    if (e.SEED_DEMO_DATA) problems.push('SEED_DEMO_DATA: Demodaten gibt es nur mit eingebetteten Diensten');
  }
  if (production && embedded && e.EMBEDDED !== true) {
    problems.push('EMBEDDED: im Produktionsmodus nur mit ausdrücklichem EMBEDDED=true');
  }
  if (problems.length) throw new ConfigError(problems);
  const keycloakUrl = (embedded ? publicUrl : e.KEYCLOAK_URL!).replace(/\/$/, '');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    embedded,
    webhookPublicTargetsOnly: !embedded,
    // Never in production, whatever EMBEDDED says: these pages show every mail, links included.
    devRoutes: embedded && !production,
    keycloak: {
      url: keycloakUrl,
      realm: e.KEYCLOAK_REALM,
      clientId: e.KEYCLOAK_CLIENT_ID,
      audience: e.KEYCLOAK_AUDIENCE,
      issuer: `${keycloakUrl}/realms/${e.KEYCLOAK_REALM}`,
      admin: { clientId: e.KEYCLOAK_ADMIN_CLIENT_ID, clientSecret: e.KEYCLOAK_ADMIN_CLIENT_SECRET },
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    idpCookieSecret: e.IDP_COOKIE_SECRET,
    seedDemoData: embedded && (e.SEED_DEMO_DATA ?? !production),
    documentEncryptionKey: e.DOCUMENT_ENCRYPTION_KEY ? Buffer.from(e.DOCUMENT_ENCRYPTION_KEY, 'base64') : undefined,
    documentRetentionDays: e.DOCUMENT_RETENTION_DAYS,
    unattachedUploads: {
      maxCount: e.UPLOAD_UNATTACHED_MAX_COUNT,
      maxBytes: e.UPLOAD_UNATTACHED_MAX_MB * 1024 * 1024,
      perAddress: {
        maxCount: e.UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT,
        maxBytes: e.UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB * 1024 * 1024,
      },
    },
    legal: { termsUrl: e.TERMS_PDF_URL, privacyUrl: e.PRIVACY_PDF_URL },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    jobWorkers: e.JOB_WORKERS ?? true,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    reportRetentionDays: e.REPORT_RETENTION_DAYS,
    reportRetryDelaySeconds: e.REPORT_RETRY_DELAY_SECONDS,
    rateLimitPublicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    rateLimitConfigPerMinute: e.RATE_LIMIT_CONFIG_PER_MINUTE,
    rateLimitTokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
    rateLimitDevicePerMinute: e.RATE_LIMIT_DEVICE_PER_MINUTE,
    rateLimitDeviceUnknownKeysPerHour: e.RATE_LIMIT_DEVICE_UNKNOWN_KEYS_PER_HOUR,
    brandOwner: {
      name: e.BRAND_OWNER_NAME,
      address: e.BRAND_OWNER_ADDRESS,
      register: e.BRAND_OWNER_REGISTER,
      vatId: e.BRAND_OWNER_VAT_ID,
      contact: e.BRAND_OWNER_CONTACT,
    },
  };
}
