/**
 * A User-Agent as a person names their device: the browser or app, and the system it runs on
 * ("Firefox", "Linux"). Proper names, not translated; either may be unknown.
 */
export interface DeviceName {
  browser: string | null;
  system: string | null;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|\bCriOS|\bChromium)\//, 'Chrome'], // HeadlessChrome too
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bThunderbird\//, 'Thunderbird'],
  [/\bDAVx5\b/i, 'DAVx⁵'],
  [/\bcurl\//, 'curl'],
  [/^Vikunja/i, 'Vikunja app'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

export function deviceName(userAgent: string): DeviceName {
  return { browser: first(userAgent, BROWSERS), system: first(userAgent, SYSTEMS) };
}
