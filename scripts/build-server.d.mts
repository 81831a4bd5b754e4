export declare const SERVER_ENTRIES: Record<string, string>;
/** Compiles the server and the worker into `outdir` (default dist/server), replacing what was there. */
export declare const buildServer: (outdir?: string) => Promise<unknown>;
