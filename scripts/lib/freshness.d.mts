// Types of freshness.mjs for the TypeScript scripts (scripts/cluster.ts).
export declare function newestMtime(path: string): number;
export declare function isStale(output: string, sources: string[]): boolean;
