// The Node flags every shop process starts with (package.json's start and start:qa carry the same,
// checked by server/shop-node-flags.test.ts).
//
// --v8-pool-size=0: V8's background threads sized to the machine (its parallelism less one, at
// least one) instead of Node's fixed four. On two cores, those four running at once beside the
// request thread and the database thread left the request thread waiting for a core
// (docs/decisions/2026-11-25-cheap-misses.md).
//
// Not --no-memory-reducer: with no large heap of its own to keep (the search is in the database),
// it only keeps an idle shop bigger (docs/decisions/2026-11-29-search-in-the-database.md).
export const SHOP_NODE_FLAGS = ['--v8-pool-size=0']
