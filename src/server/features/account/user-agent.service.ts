/**
 * The browser and the system a user agent names, for the devices list (decision 0044). A dozen rules
 * of our own rather than a library: the list needs "Chrome on Android", not versions or device models,
 * and the order below is what matters (Edge, Opera and Samsung Internet also say "Chrome"; every
 * Chromium says "Safari"; iPadOS may say "Macintosh").
 */
export interface ParsedUserAgent {
  browser: string | null;
  system: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(rules: [RegExp, string][], ua: string): string | null {
  for (const [pattern, name] of rules) if (pattern.test(ua)) return name;
  return null;
}

export function parseUserAgent(ua: string | null | undefined): ParsedUserAgent {
  if (!ua) return { browser: null, system: null };
  // Headless Chrome is still Chrome to the person reading the list.
  const text = ua.slice(0, 512).replace('HeadlessChrome/', 'Chrome/');
  return { browser: first(BROWSERS, text), system: first(SYSTEMS, text) };
}
