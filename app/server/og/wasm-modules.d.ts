// Wrangler (and the vitest pool) turn .wasm imports into compiled WebAssembly.Module objects.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
