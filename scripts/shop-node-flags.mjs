// The Node flags every shop process starts with (package.json's start and start:qa carry the same,
// checked by server/shop-node-flags.test.ts).
//
// --v8-pool-size=0: V8's background threads sized to the machine (its parallelism less one, at
// least one) instead of Node's fixed four. On two cores, those four running at once beside the
// request thread and the database thread left the request thread waiting for a core 30-50 ms in
// many 100 ms windows (docs/decisions/2026-11-27-server-apart.md).
//
// --no-memory-reducer: V8 does not shrink the heap when it takes a lull in requests for idleness.
// Its shrinking collections ran on the request thread just as requests came back, and kept it busy
// 30-40 ms at a time for ~200 ms (docs/decisions/2026-11-27-memory-reducer.md). The heap still
// shrinks in the collections that traffic brings; an idle shop keeps ~80 MB more.
export const SHOP_NODE_FLAGS = ['--v8-pool-size=0', '--no-memory-reducer']
