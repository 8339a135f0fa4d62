import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppProcess } from './plan';

/**
 * What a running cluster consists of, in <dir>/state.json, so that --status, --stop and
 * --restart-api (other invocations, also after --detach) find every process. It holds the
 * processes' environments, secrets of this local cluster included, so it is readable by its owner only.
 */
export interface ClusterState {
  port: number;
  publicUrl: string;
  startedAt: string;
  apis: (AppProcess & { pid: number })[];
  workers: (AppProcess & { pid: number })[];
  nginx: { pid: number; conf: string };
  postgres: { pid: number; port: number; dir: string; bin: string };
  keycloak: { url: string; startedByCluster: boolean };
  mailCatcher: { url: string; pid?: number };
}

export const stateFile = (dir: string) => join(dir, 'state.json');

export function readState(dir: string): ClusterState | undefined {
  if (!existsSync(stateFile(dir))) return undefined;
  return JSON.parse(readFileSync(stateFile(dir), 'utf8')) as ClusterState;
}

export function writeState(dir: string, state: ClusterState) {
  writeFileSync(stateFile(dir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(stateFile(dir), 0o600);
}

export function removeState(dir: string) {
  rmSync(stateFile(dir), { force: true });
}
