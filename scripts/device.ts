// The device simulator: calls the device API (docs/device-api.md) as the studio software of a
// system integrator would. `npm run device -- help` shows the commands.
import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES, serverMessageToGerman } from '../src/domain/errorCatalogue';
import { DEFAULT_URL, parseDeviceArgs, UsageError, type DeviceArgs } from './lib/device-args';

const HELP = `Gerätesimulator der Lumio-Geräte-API (docs/device-api.md)

Aufruf: npm run device -- <Befehl> [Optionen]

Befehle:
  activate [--force]          Lizenz an dieses Gerät binden (--force: von einem anderen Gerät übertragen)
  validate                    Zustand der Lizenz für dieses Gerät, verbleibende Vorgänge, Pakete
  identify [--count N] [--concurrency C] [--idempotency-key UUID]
                              N Identifizierungsvorgänge erfassen, C gleichzeitig (Standard 1 und 1);
                              jeder mit eigener Idempotenz-UUID, außer --idempotency-key ist gesetzt
  cancel <Vorgangs-ID>        Vorgang stornieren (bis 15 Minuten nach der Erfassung)
  help                        diese Hilfe

Optionen:
  --url URL        Server (Standard ${DEFAULT_URL}, oder LUMIO_URL)
  --key SCHLÜSSEL  Lizenzschlüssel (oder LUMIO_LICENSE_KEY)
  --machine ID     Geräte-ID, 1–128 Zeichen aus A–Z a–z 0–9 . _ : - (oder LUMIO_MACHINE_ID; Standard: Rechnername)
  --json           Antworten als JSON ausgeben

Exit-Codes: 0 alles erfolgreich, 1 der Server hat (mindestens) eine Anfrage abgelehnt,
            2 falscher Aufruf, 3 Server nicht erreichbar.

Beispiel:
  npm run device -- activate --key K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E --machine STUDIO-PC-01
  npm run device -- identify --count 20 --concurrency 5 --key K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E --machine STUDIO-PC-01`;

class Unreachable extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(args: DeviceArgs, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${args.url}${path}`, {
      method,
      headers: {
        authorization: `License ${args.key}`,
        'x-machine-id': args.machine,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new Unreachable(`${args.url} ist nicht erreichbar (${(err as Error).cause ?? (err as Error).message}).`);
  }
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
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
  if (args.json) console.log(JSON.stringify({ status: answer.status, ...answer.body }));
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

async function identify(args: DeviceArgs): Promise<boolean> {
  const statuses = new Map<number, number>();
  const verbose = args.json || args.count <= 20;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < args.count) {
      next += 1;
      const answer = await call(args, 'POST', '/api/device/identification-process', {
        idempotencyKey: args.idempotencyKey ?? randomUUID(),
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (verbose) {
        show(
          args,
          answer,
          (b) =>
            `${answer.status === 201 ? 'erfasst' : 'wiederholt (nichts erneut verbraucht)'}: Vorgang ${b.id}, ` +
            `${b.postpaid ? 'Nachberechnung' : `Paket ${b.packageId}`}, noch ${b.remainingAmount} Vorgänge`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: args.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status}`);
  if (!args.json) {
    console.log(
      `${args.count} Anfragen (${args.concurrency} gleichzeitig) in ${seconds.toFixed(1)} s: ${summary.join(', ')}` +
        (statuses.has(402) ? ` (402 = ${SERVER_MESSAGES.noPrepaidCredit})` : ''),
    );
  }
  return [...statuses.keys()].every((status) => status < 300);
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
  const commands = { activate, validate, identify, cancel };
  try {
    return (await commands[args.command](args)) ? 0 : 1;
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    console.error(err.message);
    return 3;
  }
}

process.exitCode = await main();
