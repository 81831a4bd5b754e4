import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two builds (see scripts/build-web.mjs): the browser's (dist/web, with a manifest the server reads
// to preload a page's chunks and CSS) and, with --ssr, the server's entry that renders the public
// pages to HTML (dist/ssr/entry-server.mjs). The server entry bundles its packages in their
// production builds, whatever NODE_ENV the server runs with: antd names its classes differently in
// development, and the HTML must be exactly what the browser's production build renders.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react()],
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        // One file: the server imports it again under a new URL after a rebuild, and split chunks
        // would keep importing the first copy (two copies of every React context).
        rollupOptions: { input: 'src/ssr/entry-server.tsx', output: { entryFileNames: 'entry-server.mjs', codeSplitting: false } },
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/graphql': 'http://localhost:3000' },
  },
}));
