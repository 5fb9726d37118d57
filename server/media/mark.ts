/** The service's mark, a note in a disc on a 24-unit grid: the embed pages' brand line and the share images draw it. */
export const MARK_PATH = 'M12 1a11 11 0 1 0 0 22 11 11 0 0 0 0-22zm3 5v2.5h-2.5V15a2.5 2.5 0 1 1-1.5-2.3V6z';
