// nginx with TLS and HTTP/2 in front of one server, as production runs the portal
// (docs/production.md A.3, step 7): deploy/nginx/lumio.conf itself, its listen line turned into
// `listen <port> ssl http2` with a certificate made for localhost here (openssl, valid for a day),
// its one upstream the benchmark's server. For benchmarks that measure what a browser gets from
// the production delivery (bench/lighthouse.mjs --tls); Chromium needs --ignore-certificate-errors.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/**
 * @param {{ port: number, upstreamPort: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startTlsFront({ port, upstreamPort }) {
  if (!NGINX) throw new Error('nginx is missing: apt-get install nginx');
  const dir = mkdtempSync(join(tmpdir(), 'lumio-tls-front-'));
  mkdirSync(join(dir, 'temp'));
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const site = readFileSync(join(root, 'deploy/nginx/lumio.conf'), 'utf8')
    .replace(
      /^(\s*)listen\s+\d+;/m,
      `$1listen ${port} ssl http2;\n$1ssl_certificate ${join(dir, 'cert.pem')};\n$1ssl_certificate_key ${join(dir, 'key.pem')};`,
    )
    .replace(/^(\s*(?:access|error)_log\s+)\/var\/log\/nginx\//gm, `$1${dir}/`);
  writeFileSync(join(dir, 'lumio.conf'), site);
  writeFileSync(join(dir, 'lumio-upstreams.conf'), `server 127.0.0.1:${upstreamPort};\n`);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} crit;
events { worker_connections 256; }
http {
    client_body_temp_path ${join(dir, 'temp')};
    proxy_temp_path ${join(dir, 'temp')};
    fastcgi_temp_path ${join(dir, 'temp')};
    uwsgi_temp_path ${join(dir, 'temp')};
    scgi_temp_path ${join(dir, 'temp')};
    include ${join(dir, 'lumio.conf')};
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr.on('data', (chunk) => (errors += chunk));
  const url = `https://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx ended: ${errors}`);
    const answered = spawnSync(
      'curl',
      ['-sk', '-o', '/dev/null', '-w', '%{http_code} %{http_version}', `${url}/config/config.json`],
      {
        encoding: 'utf8',
      },
    ).stdout;
    if (answered.startsWith('200')) {
      if (!answered.endsWith(' 2')) throw new Error(`nginx answered without HTTP/2: ${answered}`);
      break;
    }
    if (i > 100) throw new Error(`nginx did not answer on ${url}: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      nginx.kill('SIGQUIT');
      if (nginx.exitCode === null) await new Promise((resolve) => nginx.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
