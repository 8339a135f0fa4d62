// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultMachineId, parseDeviceArgs, UsageError } from '../../scripts/lib/device-args';
import { DEFAULT_RETRY_POLICY } from '../../scripts/lib/device-retry';

const KEY = 'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E';
const base = ['--key', KEY, '--machine', 'PC-1'];

describe('device simulator arguments (scripts/lib/device-args.ts)', () => {
  it('reads a command with the defaults', () => {
    expect(parseDeviceArgs(['validate', ...base])).toEqual({
      command: 'validate',
      url: 'http://localhost:8080',
      key: KEY,
      machine: 'PC-1',
      force: false,
      count: 1,
      concurrency: 1,
      json: false,
      retry: DEFAULT_RETRY_POLICY,
    });
  });

  it('runs identify for a duration, with or without a count', () => {
    expect(parseDeviceArgs(['identify', '--duration', '30', ...base])).toMatchObject({
      durationSeconds: 30,
      count: 100_000,
    });
    expect(parseDeviceArgs(['identify', '--duration', '30', '--count', '5', ...base])).toMatchObject({
      durationSeconds: 30,
      count: 5,
    });
    expect(() => parseDeviceArgs(['validate', '--duration', '30', ...base])).toThrow(
      '--duration gilt nur für identify.',
    );
    expect(() => parseDeviceArgs(['identify', '--duration', '0', ...base])).toThrow(
      '--duration erwartet eine ganze Zahl',
    );
  });

  it('bounds the attempts per call with --attempts', () => {
    expect(parseDeviceArgs(['identify', '--attempts', '3', ...base]).retry).toEqual({
      ...DEFAULT_RETRY_POLICY,
      attempts: 3,
    });
    expect(() => parseDeviceArgs(['identify', '--attempts', '0', ...base])).toThrow(
      '--attempts erwartet eine ganze Zahl von 1 bis 20.',
    );
    expect(() => parseDeviceArgs(['validate', '--attempts', '21', ...base])).toThrow(UsageError);
  });

  it('takes url, key and machine from the environment, flags first', () => {
    const env = {
      LUMIO_URL: 'https://portal.example.de/',
      LUMIO_LICENSE_KEY: ` ${KEY.toLowerCase()}`,
      LUMIO_MACHINE_ID: 'ENV-PC',
    };
    expect(parseDeviceArgs(['validate'], env)).toMatchObject({
      url: 'https://portal.example.de',
      key: KEY,
      machine: 'ENV-PC',
    });
    expect(parseDeviceArgs(['validate', '--machine=FLAG-PC', '--url', 'http://127.0.0.1:9000'], env)).toMatchObject({
      url: 'http://127.0.0.1:9000',
      machine: 'FLAG-PC',
    });
  });

  it('reads activate --force, identify --count --concurrency and cancel <id>', () => {
    expect(parseDeviceArgs(['activate', '--force', ...base])).toMatchObject({ command: 'activate', force: true });
    expect(parseDeviceArgs(['identify', '--count', '200', '--concurrency', '20', ...base])).toMatchObject({
      count: 200,
      concurrency: 20,
    });
    // Never more at once than requests in all.
    expect(parseDeviceArgs(['identify', '--concurrency=8', ...base])).toMatchObject({ count: 1, concurrency: 1 });
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    expect(parseDeviceArgs(['identify', '--idempotency-key', id, ...base]).idempotencyKey).toBe(id);
    expect(parseDeviceArgs(['cancel', id, ...base])).toMatchObject({ command: 'cancel', processId: id });
  });

  it('reads operators, and identify --operator with the person who carries the processes out', () => {
    expect(parseDeviceArgs(['operators', ...base])).toMatchObject({ command: 'operators', key: KEY });
    const person = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    expect(parseDeviceArgs(['identify', '--operator', person, ...base]).operatorId).toBe(person);
    expect(parseDeviceArgs(['identify', `--operator=${person}`, '--count', '3', ...base])).toMatchObject({
      operatorId: person,
      count: 3,
    });
    expect(parseDeviceArgs(['identify', ...base]).operatorId).toBeUndefined();
  });

  it('shows the help without a command, with help, -h or --help', () => {
    expect(parseDeviceArgs([]).command).toBe('help');
    expect(parseDeviceArgs(['help']).command).toBe('help');
    expect(parseDeviceArgs(['identify', '-h']).command).toBe('help');
    expect(parseDeviceArgs(['--help']).command).toBe('help');
  });

  it.each([
    [['identify', '--machine', 'PC-1'], /Lizenzschlüssel mit --key/],
    [['fly', ...base], /Unbekannter Befehl „fly“/],
    [['validate', '--verbose', ...base], /Unbekannte Option --verbose/],
    [['validate', '--force', ...base], /--force gilt nur für activate/],
    [['activate', '--count', '3', ...base], /--count gilt nur für identify/],
    [['identify', '--count', '0', ...base], /--count erwartet eine ganze Zahl von 1 bis 100\.000/],
    [['identify', '--count', 'viele', ...base], /--count erwartet/],
    [['identify', '--concurrency', '201', ...base], /--concurrency erwartet eine ganze Zahl von 1 bis 200/],
    [['identify', '--idempotency-key', 'abc', ...base], /muss eine UUID sein/],
    [['identify', '--operator', 'Maria', ...base], /--operator muss eine Personen-ID \(UUID\) aus „operators“ sein/],
    [['identify', '--operator', ...base], /--operator braucht einen Wert/],
    [['operators', '--operator', '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', ...base], /--operator gilt nur für identify/],
    [['identify', '--count', ...base], /--count braucht einen Wert/],
    [['cancel', ...base], /cancel braucht die Vorgangs-ID/],
    [['cancel', '42', ...base], /„42“ ist keine Vorgangs-ID/],
    [['validate', 'extra', ...base], /Unerwartetes Argument „extra“/],
    [['validate', '--url', 'localhost:8080', ...base], /--url muss mit http/],
    [['validate', '--json=yes', ...base], /--json nimmt keinen Wert/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseDeviceArgs(argv)).toThrow(UsageError);
    expect(() => parseDeviceArgs(argv)).toThrow(message);
  });

  it('sends a malformed key or machine id as given: the server answers it', () => {
    expect(parseDeviceArgs(['validate', '--key', 'abc', '--machine', 'PC 1'])).toMatchObject({
      key: 'ABC',
      machine: 'PC 1',
    });
  });

  it('makes a machine id of the host name', () => {
    expect(defaultMachineId('Studio PC (Kasse)')).toBe('Studio-PC--Kasse-');
    expect(defaultMachineId('')).toBe('lumio-device');
    expect(defaultMachineId('x'.repeat(200))).toHaveLength(128);
  });
});
