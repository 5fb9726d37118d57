/**
 * A start time as people write it in a link (`t=`): seconds (`90`), a clock (`1:30`, `1:02:03`)
 * or units (`1m30s`, `1h2m3s`, `45s`), in seconds; undefined for anything else, so a bad value is
 * ignored rather than shown as an error. Fractions are not taken: a link names whole seconds.
 */
export function parseStartTime(value: string | null | undefined): number | undefined {
  const text = (value ?? '').trim().toLowerCase();
  // A clock's minutes and seconds below 60 after the first field; units in order, each at most once.
  const clock = /^(?:(\d+):)??(?:(\d+):)?(\d+)$/.exec(text);
  if (clock) {
    const [h, m, s] = [clock[1], clock[2], clock[3]].map(Number);
    if ((clock[2] !== undefined && s! >= 60) || (clock[1] !== undefined && m! >= 60)) return undefined;
    return (h || 0) * 3600 + (m || 0) * 60 + s!;
  }
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!units || !text) return undefined;
  const [h, m, s] = [units[1], units[2], units[3]].map((n) => Number(n ?? 0));
  return h! * 3600 + m! * 60 + s!;
}
