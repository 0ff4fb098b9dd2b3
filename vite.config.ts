import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is one static bundle: Electron serves it from its app:// protocol and the
// browser harness serves the same files, so there is no dev server in either path.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // One file per language, loaded when it is chosen, rather than one per namespace.
        manualChunks: (id) => {
          const language = /shared\/i18n\/locales\/([^/]+)\//.exec(id)?.[1];
          return language ? `locale-${language}` : undefined;
        },
      },
    },
  },
});
