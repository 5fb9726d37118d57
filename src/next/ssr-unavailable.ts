/**
 * service-kit/ssr outside Node (the "default" condition of its export). A bundler that builds one
 * module for the server and the browser, as Next.js does for a client component
 * (service-kit/next), finds this in the browser build: the same names, each refusing, so the
 * browser bundle holds neither @lit-labs/ssr nor a failed import.
 */
export const SSR_ELEMENTS = ['service-track-card', 'service-playlist', 'service-trending-list', 'service-user-card', 'service-login-button'] as const;

const refuse = (): Promise<never> => Promise.reject(new Error('service-kit/ssr renders in Node; in the browser, import service-kit/hydrate and the elements'));

/** Refuses: rendering to HTML needs Node. */
export const renderElement = refuse;
/** Refuses: rendering to HTML needs Node. */
export const renderToString = refuse;
