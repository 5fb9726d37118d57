// The types of ensure-cdn.mjs (a plain module, so that the .mjs test set-up and npm scripts run it without tsx).
export declare const ROOT: string;
export declare function newestMtime(path: string): number;
export declare function cdnStale(root?: string): boolean;
export declare function ensureCdnBuild(root?: string): Promise<void>;
