import { parseArgs } from 'node:util';

/**
 * The command line of `npm run cluster` (scripts/cluster.ts). Pure, so that
 * tests/unit/clusterArgs.test.ts checks every rule.
 */

export type ClusterMode = 'start' | 'stop' | 'status' | 'restart-api' | 'help';

export interface ClusterArgs {
  mode: ClusterMode;
  /** API instances (--api N). */
  apiCount: number;
  /** Worker processes (--workers N). */
  workerCount: number;
  /** nginx's port, the portal's address http://localhost:<port> (--port). */
  port: number;
  /** Start in the background and return (--detach). */
  detach: boolean;
}

export class ClusterUsageError extends Error {}

export const MAX_API_INSTANCES = 8;
export const MAX_WORKERS = 4;
export const DEFAULT_CLUSTER_PORT = 8080;

export const CLUSTER_USAGE = `npm run cluster [-- Optionen]

Startet Lumio wie in Produktion auf diesem Rechner: PostgreSQL (Debian), Keycloak (npm run keycloak),
den Mail-Fänger, mehrere API-Instanzen und Worker aus dem Produktions-Build (npm run build) und nginx
davor (deploy/nginx/lumio.conf) unter http://localhost:8080, mit Demo-Konten und Demo-Lizenzen.

  --api N          API-Instanzen (1–${MAX_API_INSTANCES}, Standard 2)
  --workers N      Worker-Prozesse (1–${MAX_WORKERS}, Standard 1)
  --port P         Port von nginx (Standard ${DEFAULT_CLUSTER_PORT})
  --detach         im Hintergrund starten und zurückkehren
  --status         jeden Prozess als JSON: Name, PID, Port, bereit
  --restart-api    API-Instanzen nacheinander neu starten, jede erst, wenn die vorige bereit ist;
                   eine beendete Instanz wird wieder gestartet
  --stop           alles beenden, was der Cluster gestartet hat
  --help           diese Hilfe

Braucht nginx und PostgreSQL aus Debian: sudo apt-get install nginx postgresql
Daten: .cluster/ (LUMIO_CLUSTER_DIR); jeder Start beginnt mit einer frischen Datenbank.`;

function wholeNumber(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ClusterUsageError(`${flag} erwartet eine ganze Zahl von ${min} bis ${max}.`);
  }
  return Number(value);
}

export function parseClusterArgs(argv: readonly string[]): ClusterArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        api: { type: 'string' },
        workers: { type: 'string' },
        port: { type: 'string' },
        detach: { type: 'boolean' },
        status: { type: 'boolean' },
        stop: { type: 'boolean' },
        'restart-api': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    // parseArgs names the problem in English; say it in German with the option in question.
    const option = /'(-{1,2}[^']+)'/.exec((err as Error).message)?.[1];
    throw new ClusterUsageError(option ? `Unbekannte oder unvollständige Option ${option}.` : 'Unerwartetes Argument.');
  }
  const commands = (['status', 'stop', 'restart-api', 'help'] as const).filter((name) => values[name]);
  if (commands.length > 1) {
    throw new ClusterUsageError(`Nur eines von --${commands.join(', --')} auf einmal.`);
  }
  const mode: ClusterMode = commands.length > 0 ? commands[0] : 'start';
  if (mode !== 'start' && (values.api !== undefined || values.workers !== undefined || values.detach)) {
    throw new ClusterUsageError('--api, --workers und --detach gelten nur für den Start.');
  }
  return {
    mode,
    apiCount: wholeNumber('--api', values.api as string | undefined, 2, 1, MAX_API_INSTANCES),
    workerCount: wholeNumber('--workers', values.workers as string | undefined, 1, 1, MAX_WORKERS),
    port: wholeNumber('--port', values.port as string | undefined, DEFAULT_CLUSTER_PORT, 1024, 65535),
    detach: Boolean(values.detach),
  };
}
