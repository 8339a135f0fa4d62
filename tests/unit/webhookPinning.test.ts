// @vitest-environment node
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSigned } from '../../server/modules/webhooks/send';

// The check at delivery time answers the address it found for the name; a second lookup (the
// name does not exist at all here) would fail. The connection must use the checked address. The
// check is handed in rather than mocked: the unit files share a worker's modules (isolate: false),
// so a module mock would miss a send.ts another file imported first.
const checkedAsLoopback = async (url: URL) =>
  url.hostname === 'erp.rebinding.example' ? { address: '127.0.0.1', family: 4 as const } : undefined;

/** Issue 26, part 4: against DNS rebinding the delivery connects to the address the check approved. */
describe('a webhook delivery with production’s rules', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  let port: number;

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => void server.close());

  it('connects to the checked address and keeps the name as Host', async () => {
    const outcome = await sendSigned(
      {
        url: `http://erp.rebinding.example:${port}/lumio`,
        secret: `whsec_${Buffer.from('geheim').toString('base64')}`,
        messageId: 'msg_pin',
        body: '{}',
        at: new Date(),
      },
      { publicOnly: true, resolve: checkedAsLoopback },
    );

    expect(outcome).toMatchObject({ httpStatus: 204 });
    expect(seen).toHaveLength(1);
    expect(seen[0].host).toBe(`erp.rebinding.example:${port}`);
  });
});
