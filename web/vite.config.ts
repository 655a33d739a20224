import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the Vite server forwards API calls to the gateway, so cookies stay same-origin.
    proxy: { '/api': 'http://localhost:5000', '/oidc': 'http://localhost:5000', '/socket.io': { target: 'ws://localhost:5000', ws: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
