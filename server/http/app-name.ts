/**
 * The one rule for `app_name` (README, "How it answers"): 1 to 100 characters, printable
 * (no control, format, bidi-override, separator, private-use or unassigned characters),
 * not all white space. Routes, the metrics counter and the stream's compatibility handling
 * all ask `appNameProblem`.
 */
export const MAX_APP_NAME = 100;

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** Why `name` is not an acceptable app_name (a sentence for a 400), or undefined when it is. */
export function appNameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length === 0 || length > MAX_APP_NAME) return `app_name must be 1 to ${MAX_APP_NAME} characters, not ${length}`;
  if (UNPRINTABLE.test(name)) return 'app_name must be printable: no control, format or bidi characters';
  if (!/\S/.test(name)) return 'app_name must not be all white space';
  return undefined;
}
