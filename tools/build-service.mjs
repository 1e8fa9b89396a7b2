// `npm run build` of a service (apps/subscription-api, apps/gateway): its TypeScript, and the
// @yozy/shared source it imports, bundled by esbuild into one ES module, dist/index.js, which
// node runs as it is. Packages from node_modules stay imports, loaded from there at run time
// (native modules, WebAssembly and worker files keep their own paths). Run in the workspace.
import { build } from 'esbuild';

/** Bare imports stay imports, except the workspace's own packages and the service's own `#…` imports, whose TypeScript is bundled. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, ({ path }) => (path.startsWith('@yozy/') ? undefined : { path, external: true }));
  },
};

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces name the TypeScript files and lines (npm start runs node with --enable-source-maps).
  sourcemap: true,
  // Error and class names stay as written: logs and `instanceof`-free checks read them.
  keepNames: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
