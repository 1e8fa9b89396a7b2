import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the gateway: the page at GET /graphql, its files under /explorer/assets/.
export default defineConfig({
  base: '/explorer/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // GraphiQL's editor (Monaco) is large; it is loaded by the few who open the explorer, never by the console.
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // GraphiQL's modules start with React Compiler directives that bundling may drop, harmlessly.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
