/** HTML-escapes text for element content and quoted attribute values: the one escaper of the service's pages and service-kit/ssr. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
