import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// No polyfills, no node globals: w3kit's browser entries bundle as they are.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
});
