// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClusterUsageError, parseClusterArgs } from '../../scripts/lib/cluster/args';
import { mainConfig, siteForCluster, upstreamLines } from '../../scripts/lib/cluster/nginx';
import { planCluster, portalVariablesOf } from '../../scripts/lib/cluster/plan';
import { WORKER_NODE_FLAGS } from '../../scripts/lib/process-flags.mjs';

const root = new URL('../..', import.meta.url).pathname;
const site = readFileSync(join(root, 'deploy/nginx/lumio.conf'), 'utf8');

describe('npm run cluster: arguments (scripts/lib/cluster/args.ts)', () => {
  it('starts two API instances and one worker on port 8080 by default', () => {
    expect(parseClusterArgs([])).toEqual({ mode: 'start', apiCount: 2, workerCount: 1, port: 8080, detach: false });
  });

  it('reads --api, --workers, --port and --detach', () => {
    expect(parseClusterArgs(['--api', '3', '--workers=2', '--port', '8093', '--detach'])).toEqual({
      mode: 'start',
      apiCount: 3,
      workerCount: 2,
      port: 8093,
      detach: true,
    });
  });

  it('knows the commands --status, --stop and --restart-api, one at a time', () => {
    expect(parseClusterArgs(['--status']).mode).toBe('status');
    expect(parseClusterArgs(['--stop']).mode).toBe('stop');
    expect(parseClusterArgs(['--restart-api']).mode).toBe('restart-api');
    expect(() => parseClusterArgs(['--stop', '--status'])).toThrow('Nur eines von --status, --stop auf einmal.');
    expect(() => parseClusterArgs(['--stop', '--api', '2'])).toThrow('gelten nur für den Start');
  });

  it('refuses unknown options and impossible counts in German', () => {
    expect(() => parseClusterArgs(['--apis', '2'])).toThrow('Unbekannte oder unvollständige Option --apis.');
    expect(() => parseClusterArgs(['--api', '0'])).toThrow('--api erwartet eine ganze Zahl von 1 bis 8.');
    expect(() => parseClusterArgs(['--workers', 'zwei'])).toThrow(ClusterUsageError);
    expect(() => parseClusterArgs(['--port', '80'])).toThrow('--port erwartet eine ganze Zahl von 1024 bis 65535.');
  });
});

describe('npm run cluster: the processes (scripts/lib/cluster/plan.ts)', () => {
  const plan = planCluster({
    root,
    dir: '/c',
    node: '/node',
    apiCount: 2,
    workerCount: 1,
    port: 8093,
    documentKey: 'k',
  });

  it('runs every API instance from the production build in production mode behind the trusted proxy', () => {
    expect(plan.apis.map((api) => [api.name, api.port, api.metricsPort])).toEqual([
      ['api-1', 8101, 9101],
      ['api-2', 8102, 9102],
    ]);
    for (const api of plan.apis) {
      expect(api.args).toEqual(['--enable-source-maps', join(root, 'dist-server/server.mjs')]);
      expect(api.env).toMatchObject({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost:8093',
        TRUST_PROXY: '127.0.0.1',
        JOB_WORKERS: 'false',
        HOST: '127.0.0.1',
        PORT: String(api.port),
        METRICS_PORT: String(api.metricsPort),
        DOCUMENT_ENCRYPTION_KEY: 'k',
      });
      expect(api.env.EMBEDDED).toBeUndefined();
    }
  });

  it('passes portal variables of its own environment on, but keeps its own settings', () => {
    const passedOn = portalVariablesOf(
      {
        RATE_LIMIT_DEVICE_PER_MINUTE: '100000',
        PORT: '9999',
        DATABASE_URL: 'postgres://elsewhere/x',
        PATH: '/bin',
        LOG_LEVEL: '',
      },
      ['RATE_LIMIT_DEVICE_PER_MINUTE', 'PORT', 'DATABASE_URL', 'LOG_LEVEL'],
    );
    expect(passedOn).toEqual({
      RATE_LIMIT_DEVICE_PER_MINUTE: '100000',
      PORT: '9999',
      DATABASE_URL: 'postgres://elsewhere/x',
    });
    const planned = planCluster({
      root,
      dir: '/c',
      node: '/node',
      apiCount: 1,
      workerCount: 1,
      port: 8080,
      documentKey: 'k',
      passedOn,
    });
    expect(planned.apis[0].env).toMatchObject({
      RATE_LIMIT_DEVICE_PER_MINUTE: '100000',
      PORT: '8101',
      LOG_LEVEL: 'info',
    });
    expect(planned.workers[0].env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:54380/lumio');
  });

  it('runs the workers with their node flags on one PostgreSQL with the API', () => {
    expect(plan.workers).toHaveLength(1);
    expect(plan.workers[0].args).toEqual([...WORKER_NODE_FLAGS, join(root, 'dist-server/worker.mjs')]);
    expect(plan.workers[0].env.DATABASE_URL).toBe(plan.apis[0].env.DATABASE_URL);
    expect(plan.workers[0].env.METRICS_PORT).toBe('9201');
  });
});

describe('npm run cluster: nginx (scripts/lib/cluster/nginx.ts)', () => {
  it('sets only the listen port and the log directory of deploy/nginx/lumio.conf', () => {
    const changed = siteForCluster(site, 8093, '/c/logs');
    expect(changed).toContain('listen 8093;');
    expect(changed).toContain('access_log /c/logs/lumio-access.log lumio_redacted;');
    expect(changed).toContain('error_log /c/logs/lumio-error.log crit;');
    expect(changed.replace('listen 8093;', 'listen 8080;').replaceAll('/c/logs/', '/var/log/nginx/')).toBe(site);
    expect(() => siteForCluster('server {}', 8093, '/c/logs')).toThrow('exactly one');
  });

  it('lists every API instance as a primary with passive health checks and as a backup never left out', () => {
    expect(upstreamLines([8101, 8102])).toBe(
      'server 127.0.0.1:8101 max_fails=1 fail_timeout=2s;\n' +
        'server 127.0.0.1:8102 max_fails=1 fail_timeout=2s;\n' +
        'server 127.0.0.1:8101 backup max_fails=0;\n' +
        'server 127.0.0.1:8102 backup max_fails=0;\n',
    );
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('gives nginx a configuration it accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumio-nginx-'));
    mkdirSync(join(dir, 'temp'));
    try {
      writeFileSync(join(dir, 'lumio.conf'), siteForCluster(site, 18093, dir));
      writeFileSync(join(dir, 'lumio-upstreams.conf'), upstreamLines([18101, 18102]));
      writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
      const test = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(test.stderr).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships an example list of instances that matches the cluster default', () => {
    expect(readFileSync(join(root, 'deploy/nginx/lumio-upstreams.conf'), 'utf8')).toContain(
      upstreamLines([8101, 8102]),
    );
  });
});
