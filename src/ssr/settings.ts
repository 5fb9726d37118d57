/**
 * The configuration attributes a server render writes on an element, so that it hydrates with
 * the settings it was rendered with. A DOM-free leaf shared by service-kit/ssr (Node) and
 * service-kit/next (which makes the same element in the browser when nothing was server-rendered).
 */
import type { ClientOptions } from '../core/index.js';

/** An element's attributes: a string or number is written as it is, `true` as a bare attribute; `false`, null and undefined are left out. */
export type Attributes = Record<string, string | number | boolean | null | undefined>;

/** An attribute's text as written: `true` bare (''), a string or number as it is; undefined when the attribute is left out. */
export const attributeValue = (value: Attributes[string]): string | undefined =>
  value === undefined || value === null || value === false ? undefined : value === true ? '' : String(value);

/** The client options that are written on the element as attributes. */
export type SettingsOptions = Pick<ClientOptions, 'appName' | 'apiKey' | 'host' | 'hostListUrl' | 'authUrl'>;

const SETTINGS = { appName: 'app-name', apiKey: 'api-key', host: 'host', hostListUrl: 'host-list-url', authUrl: 'auth-url' } as const satisfies Record<keyof SettingsOptions, string>;

/** The element's own attributes, with each setting of `options` the element does not set itself. */
export function withSettings(attributes: Attributes, options: SettingsOptions): Attributes {
  const own: Attributes = { ...attributes };
  for (const [key, name] of Object.entries(SETTINGS)) own[name] ??= options[key as keyof SettingsOptions];
  return own;
}
