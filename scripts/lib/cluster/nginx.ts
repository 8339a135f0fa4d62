import { join } from 'node:path';

/**
 * nginx for `npm run cluster`: the project's deploy/nginx/lumio.conf as it is, with only its listen
 * port and log directory set to the cluster's, the instances' list beside it (lumio-upstreams.conf, which lumio.conf
 * includes) and a main configuration that keeps pid, logs and temporary files in the cluster's
 * directory. Pure; tests/unit/clusterNginx.test.ts checks it and CI runs it.
 */

/** Seconds nginx leaves out an instance that failed once (deploy/nginx/lumio-upstreams.conf). */
export const NGINX_FAIL_TIMEOUT_SECONDS = 2;

export function upstreamLines(apiPorts: readonly number[]): string {
  const primary = apiPorts.map(
    (port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_SECONDS}s;`,
  );
  // The same instances again as backups that are never left out: when every primary is marked
  // failed (one stopped while nginx still counts the other's restart against it), nginx tries
  // these instead of answering 502 (deploy/nginx/lumio-upstreams.conf).
  const backup = apiPorts.map((port) => `server 127.0.0.1:${port} backup max_fails=0;`);
  return [...primary, ...backup].join('\n') + '\n';
}

/**
 * lumio.conf with its one `listen 8080;` set to `port` and its two log files moved from
 * /var/log/nginx into `logDir`; anything else in the file stays as it is.
 */
export function siteForCluster(site: string, port: number, logDir: string): string {
  const one = (pattern: RegExp, what: string) => {
    if ((site.match(new RegExp(pattern.source, 'gm')) ?? []).length !== 1) {
      throw new Error(`deploy/nginx/lumio.conf: expected exactly one ${what} line`);
    }
  };
  one(/^\s*listen\s+\d+;/, '"listen <port>;"');
  one(/^\s*access_log\s+\/var\/log\/nginx\//, 'access_log /var/log/nginx/…');
  one(/^\s*error_log\s+\/var\/log\/nginx\//, 'error_log /var/log/nginx/…');
  return site
    .replace(/^(\s*listen\s+)\d+;/m, `$1${port};`)
    .replace(/^(\s*(?:access|error)_log\s+)\/var\/log\/nginx\//gm, `$1${logDir}/`);
}

export function mainConfig(dir: string): string {
  const temp = (name: string) => join(dir, 'temp', name);
  return `# Written by npm run cluster; the site is deploy/nginx/lumio.conf (copied beside this file).
daemon off;
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} crit;
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${join(dir, 'lumio.conf')};
}
`;
}
