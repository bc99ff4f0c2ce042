export declare const SHOP_NODE_FLAGS: string[]
