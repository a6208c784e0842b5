/**
 * A date as the app writes it in English (spec 1 §9: long "j M Y, H:i"), written out here rather
 * than with the app's formatter so a test notices when the app writes dates another way.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "5 Jan 2024, 09:07", in the machine's time zone or in UTC. */
export function shownDateTime(date: Date, zone: 'local' | 'UTC' = 'local'): string {
  const utc = zone === 'UTC';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = MONTHS[utc ? date.getUTCMonth() : date.getMonth()];
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const hour = utc ? date.getUTCHours() : date.getHours();
  const minute = utc ? date.getUTCMinutes() : date.getMinutes();
  return `${day} ${month} ${year}, ${twoDigits(hour)}:${twoDigits(minute)}`;
}
