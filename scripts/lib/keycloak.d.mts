// Types of keycloak.mjs for the TypeScript tests (tests/unit/keycloakScript.test.ts).
export declare const KEYCLOAK_VERSION: string;
export declare const KEYCLOAK_DEV: {
  port: number;
  realm: string;
  adminUser: string;
  adminPassword: string;
  serverClientId: string;
  serverSecret: string;
  smtpHost: string;
  smtpPort: number;
  publicUrl: string;
};
export declare const REALM_FILE: string;
export declare const KEYCLOAK_USAGE: string;
export declare class KeycloakError extends Error {}
export declare class KeycloakUsageError extends Error {}
export interface KeycloakPaths {
  cacheDir: string;
  archive: string;
  mavenRepo: string;
  home: string;
  pidFile: string;
  logFile: string;
}
export declare function keycloakPaths(
  env?: Record<string, string | undefined>,
  options?: { checkoutDir?: string; port?: number },
): KeycloakPaths;
export interface JavaChoice {
  java: string;
  javaHome?: string;
  source: string;
}
export declare function chooseJava(options?: {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  arch?: string;
}): JavaChoice;
export declare function parseJavaMajor(output: string): number | undefined;
export declare function checkJava(java: JavaChoice): number;
export declare function sizeOf(path: string): number;
export declare function downloadDistribution(paths: KeycloakPaths): Promise<void>;
export declare function unpackDistribution(paths: KeycloakPaths): Promise<void>;
export declare function ensureDistribution(
  paths: KeycloakPaths,
  log?: (line: string) => void,
): Promise<{ downloaded: boolean; unpacked: boolean }>;
export declare function parseKeycloakArgs(argv: string[]): {
  mode: 'run' | 'detach' | 'stop' | 'fetch' | 'help';
  port: number;
  timeoutMs: number;
};
