import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // The w3-* tags are custom elements (w3kit's web components), not Vue components.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('w3-') } },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
});
