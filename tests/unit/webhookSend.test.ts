// @vitest-environment node
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedLookup, sendSigned } from '../../server/modules/webhooks/send';

const SECRET = `whsec_${Buffer.from('ein geheimer Schlüssel für Tests').toString('base64')}`;

async function listen(handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/** Issue 26, part 4: one signed POST, to exactly the address that was checked. */
describe('sending a webhook (server/modules/webhooks/send.ts)', () => {
  const calls: { headers: IncomingHttpHeaders; body: string }[] = [];
  let receiver: { server: Server; port: number };
  let elsewhere: { server: Server; port: number };
  let elsewhereCalls = 0;

  beforeAll(async () => {
    elsewhere = await listen((_request, response) => {
      elsewhereCalls += 1;
      response.writeHead(200).end();
    });
    receiver = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (request.url === '/weiter') {
          response.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/` }).end();
        } else response.writeHead(200).end('danke');
      });
    });
  });
  afterAll(() => {
    receiver.server.close();
    elsewhere.server.close();
  });

  const signed = (url: string) => ({
    url,
    secret: SECRET,
    messageId: 'msg_2b8Nq',
    body: '{"type":"webhook.test","timestamp":"2026-11-29T10:00:00.000Z","data":{}}',
    at: new Date(),
  });

  it('posts a body that standardwebhooks verifies with the endpoint’s secret', async () => {
    const outcome = await sendSigned(signed(`http://127.0.0.1:${receiver.port}/lumio`), { publicOnly: false });

    expect(outcome).toMatchObject({ httpStatus: 200 });
    const { headers, body } = calls.at(-1)!;
    expect(() => new Webhook(SECRET).verify(body, headers as Record<string, string>)).not.toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.from('anderer').toString('base64')}`).verify(body, headers as Record<string, string>),
    ).toThrow();
  });

  it('refuses a name that resolves to loopback with production’s rules, without connecting', async () => {
    const before = calls.length;

    const outcome = await sendSigned(signed(`http://localhost:${receiver.port}/lumio`), { publicOnly: true });

    expect(outcome).toMatchObject({ httpStatus: null, problem: 'target-refused' });
    expect(calls.length).toBe(before);
  });

  it('does not follow a redirect: a 3xx is the answer', async () => {
    const outcome = await sendSigned(signed(`http://127.0.0.1:${receiver.port}/weiter`), { publicOnly: false });

    expect(outcome.httpStatus).toBe(307);
    expect(elsewhereCalls).toBe(0);
  });

  it('connects to the checked address whatever the name resolves to later (DNS rebinding)', () => {
    const lookup = pinnedLookup({ address: '93.184.215.14', family: 4 });
    const single: unknown[] = [];
    const all: unknown[] = [];

    lookup('rebound.example', {}, (...args: unknown[]) => single.push(...args));
    lookup('rebound.example', { all: true }, (...args: unknown[]) => all.push(...args));

    expect(single).toEqual([null, '93.184.215.14', 4]);
    expect(all).toEqual([null, [{ address: '93.184.215.14', family: 4 }]]);
  });
});
