/**
 * A start time as people write it in a link (`t=`): seconds (`90`), a clock (`1:30`, `1:02:03`)
 * or units (`1m30s`, `1h2m3s`, `45s`), in seconds; undefined for anything else, so a bad value is
 * ignored rather than shown as an error. Fractions are not taken: a link names whole seconds.
 */
export function parseStartTime(value: string | null | undefined): number | undefined {
  const text = (value ?? '').trim().toLowerCase();
  const fields = text.split(':');
  // A clock: up to three fields of digits, those after the first below 60.
  if (fields.length < 4 && fields.every((field, i) => /^\d+$/.test(field) && (!i || +field < 60))) {
    return fields.reduce((seconds, field) => seconds * 60 + +field, 0);
  }
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  return units && text ? ((+units[1]! || 0) * 60 + (+units[2]! || 0)) * 60 + (+units[3]! || 0) : undefined;
}
