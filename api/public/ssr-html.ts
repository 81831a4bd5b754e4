import { SSR_DATA_ID, type SsrPageData } from '../platform/contracts/ssr.contract';
import { EARLY_SUBMIT_TAG } from './early-submit';

/** Vite's build manifest (dist/web/.vite/manifest.json): each source module's chunk, its imports and CSS. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The stylesheets of a page's modules and everything they import, as head links, so the first paint
 * is styled. Their scripts are left to the app, which loads them after that paint (web/src/main.tsx).
 * Files the shell already names are left out.
 */
export const stylesheetLinks = (manifest: BuildManifest | undefined, modules: string[], shell: string): string[] => {
  if (!manifest) return [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...styles].filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(file)}">`);
};

/** JSON for inside a <script> element: no `<` can end it early. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageParts {
  /** The React tree's HTML. */
  body: string;
  /** Extra head elements (antd's styles, JSON-LD, preloads, robots). */
  head: string[];
  data: SsrPageData;
}

/**
 * The shell (index.html with the page's head tags) with the rendered page inside #root and the data
 * it was rendered from in a JSON block the browser's first render reads. The early-submit script
 * goes first in the head, right after the charset, before any stylesheet (which would hold it up).
 */
const CHARSET_TAG = /<meta charset=[^<>]*>/i;

export const assemblePage = (shell: string, parts: PageParts): string => {
  const after = (tag: string) => `${tag}\n    ${EARLY_SUBMIT_TAG}`;
  // [^<>]: a scan that starts at one '<meta charset=' stops at the next tag (linear; [^>] is not).
  const withScript = CHARSET_TAG.test(shell) ? shell.replace(CHARSET_TAG, after) : shell.replace(/<head>/i, after);
  const withHead = parts.head.length ? withScript.replace('</head>', `    ${parts.head.join('\n    ')}\n  </head>`) : withScript;
  return withHead.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${parts.body}</div>\n    <script type="application/json" id="${SSR_DATA_ID}">${scriptJson(parts.data)}</script>`,
  );
};
