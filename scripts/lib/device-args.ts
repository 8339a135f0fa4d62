import { hostname } from 'node:os';
import { normalizeLicenseKey } from '../../src/domain/licenses';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './device-retry';

/**
 * The command line of the device simulator (scripts/device.ts, `npm run device -- …`): what to do,
 * against which server, as which licence and machine. Pure apart from the default machine id (the
 * host name), so tests/unit/deviceSimulatorArgs.test.ts checks every rule.
 */

export const DEVICE_COMMANDS = ['activate', 'validate', 'operators', 'identify', 'cancel', 'help'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

export interface DeviceArgs {
  command: DeviceCommand;
  url: string;
  key: string;
  machine: string;
  force: boolean;
  count: number;
  concurrency: number;
  /** identify: stop starting requests after this many seconds (--duration), whatever the count. */
  durationSeconds?: number;
  /** identify: one idempotency key for every request (shows that a retry consumes nothing). */
  idempotencyKey?: string;
  /** identify: the person who carries the processes out (--operator, an id of `operators`). */
  operatorId?: string;
  /** cancel: the process id. */
  processId?: string;
  json: boolean;
  /** How a call is repeated when no usable answer comes (--attempts sets the number of attempts). */
  retry: RetryPolicy;
}

export class UsageError extends Error {}

export const DEFAULT_URL = 'http://localhost:8080';
/** identify: at most this many requests at once, so a typo cannot flood a server. */
export const MAX_CONCURRENCY = 200;
export const MAX_COUNT = 100_000;
/** --attempts: at most this many per call. */
export const MAX_ATTEMPTS = 20;
/** --duration: at most a day. */
export const MAX_DURATION_SECONDS = 86_400;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The host name as a machine id: characters outside the allowed ones become '-'. */
export function defaultMachineId(name: string = hostname()): string {
  const cleaned = name.replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, 128);
  return cleaned || 'lumio-device';
}

function wholeNumber(flag: string, value: string | undefined, max: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`${flag} erwartet eine ganze Zahl von 1 bis ${max.toLocaleString('de-DE')}.`);
  }
  return Number(value);
}

/**
 * Reads `argv` (without node and script). Flags: --url, --key, --machine (or LUMIO_URL,
 * LUMIO_LICENSE_KEY, LUMIO_MACHINE_ID), --force (activate), --count, --duration and --concurrency (identify),
 * --idempotency-key and --operator (identify), --attempts, --json. Throws a UsageError with a German message.
 */
export function parseDeviceArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): DeviceArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const valued = new Set([
    '--url',
    '--key',
    '--machine',
    '--count',
    '--concurrency',
    '--idempotency-key',
    '--operator',
    '--attempts',
    '--duration',
  ]);
  const switches = new Set(['--force', '--json', '--help', '-h']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (valued.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`${name} braucht einen Wert.`);
      }
      flags.set(name, value);
    } else if (switches.has(name)) {
      if (inline !== undefined) throw new UsageError(`${name} nimmt keinen Wert.`);
      flags.set(name === '-h' ? '--help' : name, true);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unbekannte Option ${name}.`);
    } else {
      positional.push(arg);
    }
  }

  const commandName = flags.has('--help') ? 'help' : (positional.shift() ?? 'help');
  if (!(DEVICE_COMMANDS as readonly string[]).includes(commandName)) {
    throw new UsageError(`Unbekannter Befehl „${commandName}“. Befehle: ${DEVICE_COMMANDS.join(', ')}.`);
  }
  const command = commandName as DeviceCommand;
  const text = (flag: string) => {
    const value = flags.get(flag);
    return typeof value === 'string' ? value : undefined;
  };

  const url = (text('--url') ?? env.LUMIO_URL ?? DEFAULT_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(url)) throw new UsageError(`--url muss mit http:// oder https:// beginnen: ${url}`);
  const args: DeviceArgs = {
    command,
    url,
    key: normalizeLicenseKey(text('--key') ?? env.LUMIO_LICENSE_KEY ?? ''),
    machine: text('--machine') ?? env.LUMIO_MACHINE_ID ?? defaultMachineId(),
    force: flags.has('--force'),
    count: 1,
    concurrency: 1,
    json: flags.has('--json'),
    retry: { ...DEFAULT_RETRY_POLICY },
  };
  if (command === 'help') return args;

  if (flags.has('--attempts')) args.retry.attempts = wholeNumber('--attempts', text('--attempts'), MAX_ATTEMPTS);
  if (!args.key) throw new UsageError('Bitte den Lizenzschlüssel mit --key angeben (oder LUMIO_LICENSE_KEY setzen).');
  // Key and machine id are sent as given, also malformed: the server's refusal (400) is part of
  // what the simulator shows.
  const only = (flag: string, commands: DeviceCommand[]) => {
    if (flags.has(flag) && !commands.includes(command)) {
      throw new UsageError(`${flag} gilt nur für ${commands.join(' und ')}.`);
    }
  };
  only('--force', ['activate']);
  only('--count', ['identify']);
  only('--concurrency', ['identify']);
  only('--idempotency-key', ['identify']);
  only('--operator', ['identify']);
  only('--duration', ['identify']);

  if (command === 'identify') {
    if (flags.has('--duration')) {
      args.durationSeconds = wholeNumber('--duration', text('--duration'), MAX_DURATION_SECONDS);
      // A duration alone runs until it is over (or MAX_COUNT requests were made).
      if (!flags.has('--count')) args.count = MAX_COUNT;
    }
    if (flags.has('--count')) args.count = wholeNumber('--count', text('--count'), MAX_COUNT);
    if (flags.has('--concurrency')) {
      args.concurrency = wholeNumber('--concurrency', text('--concurrency'), MAX_CONCURRENCY);
    }
    args.concurrency = Math.min(args.concurrency, args.count);
    const idempotencyKey = text('--idempotency-key');
    if (idempotencyKey !== undefined && !UUID.test(idempotencyKey)) {
      throw new UsageError('--idempotency-key muss eine UUID sein.');
    }
    args.idempotencyKey = idempotencyKey;
    const operatorId = text('--operator');
    if (operatorId !== undefined && !UUID.test(operatorId)) {
      throw new UsageError('--operator muss eine Personen-ID (UUID) aus „operators“ sein.');
    }
    args.operatorId = operatorId;
  }
  if (command === 'cancel') {
    const id = positional.shift();
    if (!id) throw new UsageError('cancel braucht die Vorgangs-ID: npm run device -- cancel <id>');
    if (!UUID.test(id)) throw new UsageError(`„${id}“ ist keine Vorgangs-ID (UUID).`);
    args.processId = id;
  }
  if (positional.length) throw new UsageError(`Unerwartetes Argument „${positional[0]}“.`);
  return args;
}
