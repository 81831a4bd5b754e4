/** The server-rendering entry the web build writes (dist/ssr/entry-server.mjs). */
export declare const SSR_ENTRY: string;
/** Runs the browser build and the server-rendering build; answers the first failing exit status (0 when both pass). */
export declare const buildWeb: (extraArgs?: string[]) => number;
