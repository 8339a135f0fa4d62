export declare const WORKER_NODE_FLAGS: string[];
