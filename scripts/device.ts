// The device simulator: calls the device API (docs/device-api.md) as the studio software of a
// system integrator would. `npm run device -- help` shows the commands.
import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES, serverMessageToGerman } from '../src/domain/errorCatalogue';
import { DEFAULT_URL, parseDeviceArgs, UsageError, type DeviceArgs } from './lib/device-args';
import { fetchWithRetries } from './lib/device-retry';

const HELP = `Gerätesimulator der Lumio-Geräte-API (docs/device-api.md)

Aufruf: npm run device -- <Befehl> [Optionen]

Befehle:
  activate [--force]          Lizenz an dieses Gerät binden (--force: von einem anderen Gerät übertragen)
  validate                    Zustand der Lizenz für dieses Gerät, verbleibende Vorgänge, Pakete
  operators                   Personen, die mit dieser Lizenz Identifizierungen durchführen dürfen (ID und Name)
  identify [--count N] [--duration S] [--concurrency C] [--idempotency-key UUID] [--operator ID]
                              N Identifizierungsvorgänge erfassen, C gleichzeitig (Standard 1 und 1),
                              oder so viele, wie in S Sekunden gehen; jeder mit eigener
                              Idempotenz-UUID, außer --idempotency-key ist gesetzt;
                              --operator: die durchführende Person (eine ID aus „operators“)
  cancel <Vorgangs-ID>        Vorgang stornieren (bis 15 Minuten nach der Erfassung)
  help                        diese Hilfe

Optionen:
  --url URL        Server (Standard ${DEFAULT_URL}, oder LUMIO_URL)
  --key SCHLÜSSEL  Lizenzschlüssel (oder LUMIO_LICENSE_KEY)
  --machine ID     Geräte-ID, 1–128 Zeichen aus A–Z a–z 0–9 . _ : - (oder LUMIO_MACHINE_ID; Standard: Rechnername)
  --attempts N     Versuche je Aufruf (1–20, Standard 8): ohne Antwort (Netzwerkfehler, Zeitüberschreitung)
                   oder bei 502/503/504 wird derselbe Aufruf mit derselben Idempotenz-UUID wiederholt,
                   mit wachsender Pause (docs/device-api.md, „Retries“)
  --json           Antworten als JSON ausgeben; identify gibt eine Zusammenfassung aus
                   (recorded, replayed, refused, failed, attempts, answers)

Exit-Codes: 0 alles erfolgreich, 1 der Server hat (mindestens) eine Anfrage abgelehnt,
            2 falscher Aufruf, 3 Server nach allen Versuchen nicht erreichbar.

Beispiel (Demo-Lizenz von npm start, README „Demo-Konten“):
  npm run device -- validate --key SNNSC-HN01K-PC01B-FTSFT-DEM01 --machine STUDIO-SONNENSCHEIN-PC-01
  npm run device -- identify --count 20 --concurrency 5 --key SNNSC-HN01K-PC01B-FTSFT-DEM01 --machine STUDIO-SONNENSCHEIN-PC-01
  npm run device -- operators --key SNNSC-HN01K-PC01B-FTSFT-DEM01 --machine STUDIO-SONNENSCHEIN-PC-01`;

class Unreachable extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** HTTP attempts this answer took (1 without a retry). */
  attempts: number;
}

/** One device call, repeated unchanged on network errors and 502/503/504 (scripts/lib/device-retry.ts). */
async function call(args: DeviceArgs, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const result = await fetchWithRetries(
    `${args.url}${path}`,
    {
      method,
      headers: {
        authorization: `License ${args.key}`,
        'x-machine-id': args.machine,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    args.retry,
  );
  if (result.status === undefined) {
    throw new Unreachable(
      `${args.url} ist nach ${result.attempts} Versuchen nicht erreichbar (zuletzt: ${result.lastError}).`,
      result.attempts,
    );
  }
  const text = result.body ?? '';
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: result.status, body: parsed, attempts: result.attempts };
}

/** One line for a refusal: status, errorCode, server message and its German text. */
function refusal(answer: Answer): string {
  const messages = Array.isArray(answer.body.messages) ? (answer.body.messages as string[]) : [];
  const german = messages.map((m) => serverMessageToGerman(m) ?? m).join(' ');
  const code = typeof answer.body.errorCode === 'string' ? ` ${answer.body.errorCode}` : '';
  return `abgelehnt: ${answer.status}${code} – ${messages[0] ?? ''}${german && german !== messages[0] ? ` („${german}“)` : ''}`;
}

function show(args: DeviceArgs, answer: Answer, success: (body: Record<string, unknown>) => string): boolean {
  const ok = answer.status < 300;
  if (args.json) console.log(JSON.stringify({ status: answer.status, ...answer.body, attempts: answer.attempts }));
  else console.log(ok ? success(answer.body) : refusal(answer));
  return ok;
}

async function activate(args: DeviceArgs): Promise<boolean> {
  const answer = await call(args, 'POST', '/api/device/activation', { force: args.force });
  return show(args, answer, (b) =>
    answer.status === 201
      ? `aktiviert: Lizenz an ${b.machineId} gebunden${b.forced ? ' (von einem anderen Gerät übertragen)' : ''}; ` +
        `noch ${b.forcedRebindsLeft} erzwungene Übertragungen im Zeitfenster`
      : `bereits an ${b.machineId} gebunden (seit ${b.boundAt}); nichts geändert`,
  );
}

async function validate(args: DeviceArgs): Promise<boolean> {
  const answer = await call(args, 'GET', '/api/device/license');
  return show(args, answer, (b) => {
    const packages = (
      b.packages as { startDate: string; endDate: string; remainingAmount: number; suspended: boolean }[]
    )
      .map((p) => `  ${p.startDate} – ${p.endDate}: ${p.remainingAmount} übrig${p.suspended ? ' (ausgesetzt)' : ''}`)
      .join('\n');
    return (
      `Zustand ${b.state}: ${b.remainingAmount} Vorgänge verfügbar, Nachberechnung ${b.postpaidAllowed ? 'erlaubt' : 'nicht erlaubt'}` +
      (packages ? `\nPakete:\n${packages}` : '\nkeine laufenden oder künftigen Pakete')
    );
  });
}

async function operators(args: DeviceArgs): Promise<boolean> {
  const answer = await call(args, 'GET', '/api/device/operators');
  return show(args, answer, (b) => {
    const items = b.items as { id: string; firstName: string; lastName: string }[];
    if (!items.length)
      return 'Niemand darf mit dieser Lizenz Identifizierungen durchführen (freigegeben, Ausweis verknüpft).';
    return (
      `${items.length} ${items.length === 1 ? 'Person darf' : 'Personen dürfen'} Identifizierungen durchführen:\n` +
      items.map((p) => `  ${p.id}  ${p.lastName}, ${p.firstName}`).join('\n')
    );
  });
}

/** What `identify --json` prints once all requests are done. */
interface IdentifySummary {
  requests: number;
  /** Answered 201: a unit (or a postpaid process) was recorded by this request. */
  recorded: number;
  /** Answered 200: an earlier attempt of the same request had been recorded already. */
  replayed: number;
  /** Answered with a refusal (4xx, or another status that is not retried). */
  refused: number;
  /** No usable answer after every attempt (network errors, 502/503/504). */
  failed: number;
  /** HTTP attempts in all; attempts - requests were retries. */
  attempts: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Refusals by errorCode. */
  refusals: Record<string, number>;
  /**
   * Per request: its idempotency key, the final status (absent when failed), the process id, the
   * attempts and the milliseconds from the first attempt to the final answer (retries included).
   */
  answers: { idempotencyKey: string; status?: number; id?: string; attempts: number; ms: number }[];
}

function emptySummary(): IdentifySummary {
  return {
    requests: 0,
    recorded: 0,
    replayed: 0,
    refused: 0,
    failed: 0,
    attempts: 0,
    seconds: 0,
    statuses: {},
    refusals: {},
    answers: [],
  };
}

async function identify(args: DeviceArgs): Promise<boolean> {
  const summary = emptySummary();
  const verbose = !args.json && args.count <= 20;
  let next = 0;
  const started = performance.now();
  const deadline = args.durationSeconds === undefined ? Infinity : started + args.durationSeconds * 1000;
  async function worker() {
    while (next < args.count && performance.now() < deadline) {
      next += 1;
      // One key per identification, chosen before the first attempt: every retry sends the same.
      const idempotencyKey = args.idempotencyKey ?? randomUUID();
      summary.requests += 1;
      const sent = performance.now();
      const ms = () => Math.round(performance.now() - sent);
      let answer: Answer;
      try {
        answer = await call(args, 'POST', '/api/device/identification-process', {
          idempotencyKey,
          ...(args.operatorId ? { operatorId: args.operatorId } : {}),
        });
      } catch (err) {
        if (!(err instanceof Unreachable)) throw err;
        summary.failed += 1;
        summary.attempts += err.attempts;
        summary.answers.push({ idempotencyKey, attempts: err.attempts, ms: ms() });
        if (!args.json) console.error(err.message);
        continue;
      }
      summary.attempts += answer.attempts;
      summary.statuses[answer.status] = (summary.statuses[answer.status] ?? 0) + 1;
      if (answer.status === 201) summary.recorded += 1;
      else if (answer.status === 200) summary.replayed += 1;
      else {
        summary.refused += 1;
        const code = typeof answer.body.errorCode === 'string' ? answer.body.errorCode : String(answer.status);
        summary.refusals[code] = (summary.refusals[code] ?? 0) + 1;
      }
      const id = typeof answer.body.id === 'string' ? answer.body.id : undefined;
      summary.answers.push({ idempotencyKey, status: answer.status, id, attempts: answer.attempts, ms: ms() });
      if (verbose) {
        show(
          args,
          answer,
          (b) =>
            `${answer.status === 201 ? 'erfasst' : 'wiederholt (nichts erneut verbraucht)'}: Vorgang ${b.id}, ` +
            `${b.postpaid ? 'Nachberechnung' : `Paket ${b.packageId}`}, noch ${b.remainingAmount} Vorgänge` +
            (answer.attempts > 1 ? ` (nach ${answer.attempts} Versuchen)` : ''),
        );
      }
    }
  }
  await Promise.all(Array.from({ length: args.concurrency }, worker));
  summary.seconds = Math.round(performance.now() - started) / 1000;
  if (args.json) {
    console.log(JSON.stringify(summary));
  } else {
    const statuses = Object.entries(summary.statuses).map(([status, n]) => `${n}× ${status}`);
    if (summary.failed) statuses.push(`${summary.failed}× ohne Antwort`);
    const retries = summary.attempts - summary.requests;
    console.log(
      `${summary.requests} Anfragen (${args.concurrency} gleichzeitig) in ${summary.seconds.toFixed(1)} s: ${statuses.join(', ')}` +
        (summary.statuses[402] ? ` (402 = ${SERVER_MESSAGES.noPrepaidCredit})` : '') +
        (summary.refusals.UNKNOWN_OPERATOR ? ` (400 = ${SERVER_MESSAGES.unknownOperator})` : '') +
        (retries ? `; ${retries} Wiederholungen` : ''),
    );
  }
  if (summary.failed) throw new Unreachable(`${summary.failed} Anfragen blieben ohne Antwort.`, summary.attempts);
  return summary.refused === 0;
}

async function cancel(args: DeviceArgs): Promise<boolean> {
  const answer = await call(args, 'POST', `/api/device/identification-process/${args.processId}/cancel`);
  return show(
    args,
    answer,
    (b) =>
      `storniert: Vorgang ${b.id} (${b.postpaid ? 'Nachberechnung' : `zurück an Paket ${b.packageId}`}) um ${b.cancelledAt}`,
  );
}

async function main(): Promise<number> {
  let args: DeviceArgs;
  try {
    args = parseDeviceArgs(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${HELP}`);
    return 2;
  }
  if (args.command === 'help') {
    console.log(HELP);
    return 0;
  }
  const commands = { activate, validate, operators, identify, cancel };
  try {
    return (await commands[args.command](args)) ? 0 : 1;
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    if (!args.json || args.command !== 'identify') console.error(err.message);
    return 3;
  }
}

process.exitCode = await main();
