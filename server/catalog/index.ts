/** The reference service's catalog: generated, loaded from a file, and what is derived from it. */
export { seedCatalog, type SeedOptions, type SeedStats, type Scale } from './generate.js';
export { loadCatalog, loadCatalogFile, CatalogError, type LoadOptions, type LoadStats } from './load.js';
export { computeTrending, TRENDING_LIMIT, TRENDING_TIMES, type TrendingStats } from './trending.js';
export { recountCatalog, rebuildSearchIndex } from './derive.js';
export { clearCatalog, catalogIsEmpty } from './bulk.js';
export { slugify } from './slug.js';
