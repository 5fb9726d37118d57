// app/settings.ts
/** Where the app finds the service, and who it is: read on the server and in the browser alike. */
export const SERVICE_HOST = process.env.NEXT_PUBLIC_SERVICE_HOST ?? 'http://127.0.0.1:7700';
export const APP_NAME = 'my-app';
/** The reference service's demo app (README.md); yours comes from `npm run server -- create-app`. */
export const API_KEY = '774b4a83134248429841ef8bd8a685f0875b9ab1';
