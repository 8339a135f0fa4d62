/**
 * How long each step of a script took, printed at its end (scripts/e2e-keycloak.ts,
 * scripts/check-production-install.ts): `timed(label, work)` runs a step and keeps its seconds.
 */
export function stepTimings() {
  const timings: [string, number][] = [];
  return {
    async timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        timings.push([label, (performance.now() - started) / 1000]);
      }
    },
    print(): void {
      for (const [label, seconds] of timings) console.log(`${label.padEnd(56)} ${seconds.toFixed(1).padStart(6)} s`);
    },
  };
}
