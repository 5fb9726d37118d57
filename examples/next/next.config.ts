import type { NextConfig } from 'next';

const config: NextConfig = {
  // This example sits inside the kit's repository, which has a lock file of its own.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default config;
