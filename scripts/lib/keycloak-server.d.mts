// Types of keycloak-server.mjs, so TypeScript tests and set-up files can start and stop Keycloak.
import type { ChildProcess } from 'node:child_process';
import type { JavaChoice, KeycloakPaths } from './keycloak.mjs';

export declare function discoveryUrl(port: number, realm?: string): string;
export declare function keycloakEnv(
  env: Record<string, string | undefined>,
  java: JavaChoice,
): Record<string, string | undefined>;
export declare function assertPortFree(port: number): Promise<void>;
export declare function isAlive(pid: number): boolean;
export declare function runningPid(paths: KeycloakPaths): number | undefined;
export declare function treeRss(pid: number): number;
export declare function waitForDiscovery(
  url: string,
  options?: { isRunning?: () => boolean; timeoutMs?: number },
): Promise<'ready' | 'exited' | 'timeout'>;
export declare function startKeycloak(options: {
  paths: KeycloakPaths;
  java: JavaChoice;
  port?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<{ pid: number; child: ChildProcess; url: string; startMs: number }>;
export declare function stopKeycloak(
  paths: KeycloakPaths,
  options?: { pid?: number; timeoutMs?: number },
): Promise<number | undefined>;
