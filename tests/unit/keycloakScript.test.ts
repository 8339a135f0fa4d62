import { describe, expect, it } from 'vitest';
import {
  chooseJava,
  KeycloakError,
  keycloakPaths,
  KeycloakUsageError,
  parseJavaMajor,
  parseKeycloakArgs,
} from '../../scripts/lib/keycloak.mjs';
import { discoveryUrl, keycloakEnv } from '../../scripts/lib/keycloak-server.mjs';

const TEMURIN = '/usr/lib/jvm/temurin-25-jdk-amd64';
const only =
  (...homes: string[]) =>
  (path: string) =>
    homes.some((home) => path === `${home}/bin/java`);

describe('npm run keycloak: which Java runs Keycloak', () => {
  it('takes Temurin 25 when the machine has it, even with another JAVA_HOME', () => {
    const java = chooseJava({ env: { JAVA_HOME: '/opt/jdk17' }, exists: only(TEMURIN, '/opt/jdk17'), arch: 'x64' });
    expect(java).toEqual({ java: `${TEMURIN}/bin/java`, javaHome: TEMURIN, source: 'Temurin 25' });
  });

  it('falls back to JAVA_HOME, then to java on the PATH', () => {
    expect(chooseJava({ env: { JAVA_HOME: '/opt/jdk17' }, exists: only('/opt/jdk17'), arch: 'x64' }).source).toBe(
      'JAVA_HOME',
    );
    expect(chooseJava({ env: {}, exists: only(), arch: 'x64' })).toEqual({ java: 'java', source: 'PATH' });
  });

  it('looks for the arm64 Temurin on arm64 machines', () => {
    const arm = '/usr/lib/jvm/temurin-25-jdk-arm64';
    expect(chooseJava({ env: {}, exists: only(arm), arch: 'arm64' }).javaHome).toBe(arm);
  });

  it('prefers LUMIO_KEYCLOAK_JAVA_HOME and refuses one without bin/java', () => {
    const env = { LUMIO_KEYCLOAK_JAVA_HOME: '/opt/jdk21' };
    expect(chooseJava({ env, exists: only(TEMURIN, '/opt/jdk21'), arch: 'x64' }).javaHome).toBe('/opt/jdk21');
    expect(() => chooseJava({ env, exists: only(TEMURIN), arch: 'x64' })).toThrow(KeycloakError);
  });

  it('reads the major version from java -version', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment')).toBe(17);
    expect(parseJavaMajor('openjdk version "25" 2025-09-16')).toBe(25);
    expect(parseJavaMajor('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaMajor('bash: java: command not found')).toBeUndefined();
  });
});

describe('npm run keycloak: command line', () => {
  it('runs in the foreground on port 8180 by default', () => {
    expect(parseKeycloakArgs([])).toEqual({ mode: 'run', port: 8180, timeoutMs: 180_000 });
  });

  it('knows --detach, --stop, --fetch, --port and --timeout', () => {
    expect(parseKeycloakArgs(['--detach', '--port', '8181', '--timeout', '90'])).toEqual({
      mode: 'detach',
      port: 8181,
      timeoutMs: 90_000,
    });
    expect(parseKeycloakArgs(['--stop']).mode).toBe('stop');
    expect(parseKeycloakArgs(['--fetch']).mode).toBe('fetch');
  });

  it('refuses unknown options, bad numbers and two modes at once', () => {
    expect(() => parseKeycloakArgs(['--detatch'])).toThrow(KeycloakUsageError);
    expect(() => parseKeycloakArgs(['--port', '80'])).toThrow(/1024 bis 65535/);
    expect(() => parseKeycloakArgs(['--port'])).toThrow(KeycloakUsageError);
    expect(() => parseKeycloakArgs(['--detach', '--stop'])).toThrow(KeycloakUsageError);
  });
});

describe('npm run keycloak: where things live', () => {
  it('keeps the download in LUMIO_CACHE_DIR and the running server in the checkout', () => {
    const paths = keycloakPaths({ LUMIO_CACHE_DIR: '/shared/cache' }, { checkoutDir: '/work/a', port: 8180 });
    expect(paths.archive).toBe('/shared/cache/keycloak/keycloak-quarkus-dist-26.7.3.tar.gz');
    expect(paths.mavenRepo).toBe('/shared/cache/m2');
    expect(paths.home).toBe('/work/a/.cache/keycloak/keycloak-26.7.3');
    expect(paths.pidFile).toBe('/work/a/.cache/keycloak/keycloak-8180.pid');
  });

  it('defaults the cache to the checkout and lets LUMIO_MAVEN_REPO reuse an existing repository', () => {
    const paths = keycloakPaths({ LUMIO_MAVEN_REPO: '/root/.m2/repository' }, { checkoutDir: '/work/a' });
    expect(paths.cacheDir).toBe('/work/a/.cache');
    expect(paths.mavenRepo).toBe('/root/.m2/repository');
  });
});

describe('npm run keycloak: the environment Keycloak starts with', () => {
  const java = { java: `${TEMURIN}/bin/java`, javaHome: TEMURIN, source: 'Temurin 25' };

  it('fills the realm placeholders and the bootstrap admin with the development values', () => {
    expect(keycloakEnv({}, java)).toMatchObject({
      JAVA: `${TEMURIN}/bin/java`,
      JAVA_HOME: TEMURIN,
      KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
      KC_BOOTSTRAP_ADMIN_PASSWORD: 'admin',
      LUMIO_PUBLIC_URL: 'http://localhost:8080',
      LUMIO_SMTP_HOST: '127.0.0.1',
      LUMIO_SMTP_PORT: '2525',
      LUMIO_KC_SERVER_SECRET: 'lumio-dev-secret',
    });
  });

  it('keeps values the caller set, e.g. CI with another secret or mail port', () => {
    const env = keycloakEnv({ LUMIO_KC_SERVER_SECRET: 'ci-secret', LUMIO_SMTP_PORT: '2600' }, java);
    expect(env.LUMIO_KC_SERVER_SECRET).toBe('ci-secret');
    expect(env.LUMIO_SMTP_PORT).toBe('2600');
  });

  it('waits on the realm discovery document at localhost, the issuer the browser sees', () => {
    expect(discoveryUrl(8180)).toBe('http://localhost:8180/realms/lumio/.well-known/openid-configuration');
  });
});
