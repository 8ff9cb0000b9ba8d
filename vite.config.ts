import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    // dist/web/.vite/manifest.json: `npm run bench:web` reads which chunks each page needs.
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/beapi': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000', '/catalogs': 'http://127.0.0.1:3000' },
  },
});
