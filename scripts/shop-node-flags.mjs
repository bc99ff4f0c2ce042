// The Node flags every shop process starts with (package.json's start and start:qa carry the same,
// checked by scripts/shop-node-flags.test.ts).
//
// --v8-pool-size=0: V8's background threads sized to the machine (its parallelism less one, at
// least one) instead of Node's fixed four. On two cores, four threads marking the heap at once
// beside the request thread and the database thread took the request thread's core for up to
// ~100 ms, a tail of a whole page of answers (docs/decisions/2026-11-27-server-apart.md).
export const SHOP_NODE_FLAGS = ['--v8-pool-size=0']
