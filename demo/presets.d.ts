// Types of demo/presets.js, for the screenshot script (TypeScript).
export declare const DEMO: { appName: string; apiKey: string; userId: string; login: string; password: string };
export interface Samples {
  trackId: string;
  playlistId: string;
  userId: string;
}
export interface Preset {
  title: string;
  attrs: Record<string, string | boolean>;
  width: number;
  about?: string;
}
export declare function findSamples(serviceUrl: string, appName?: string): Promise<Samples>;
export declare function presets(samples: Samples): Record<string, Preset>;
export declare const ENUMS: Record<string, string[]>;
export declare const EVENTS: string[];
export declare const NON_VISUAL: string[];
