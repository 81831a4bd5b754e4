/** What a request saw of the tables it read: `{ table: version }` (see table-versions.ts). */
export type TableVersions = Readonly<Record<string, number>>;
