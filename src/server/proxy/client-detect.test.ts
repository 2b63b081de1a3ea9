import { describe, expect, test } from 'vitest';
import { detectClient, isBrowser, pickFormat } from './client-detect.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** Clash Verge's webview fetches with a browser-like agent that still names it. */
const VERGE_WEBVIEW =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) clash-verge/v1.3.8 Chrome/120.0.0.0 Safari/537.36';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('detectClient', () => {
  test.each([
    ['clash-verge/v2.2.3', 'Clash Verge', 'clash'],
    [VERGE_WEBVIEW, 'Clash Verge', 'clash'],
    ['clash.meta/v1.19.0', 'Clash.Meta', 'clash'],
    ['mihomo/1.19.3', 'mihomo', 'clash'],
    ['mihomo.party/v1.7.3 (clash.meta)', 'mihomo party', 'clash'],
    [
      'ClashX/1.95.1 (com.west2online.ClashX; build:1.95.1; macOS 14.2.1) Alamofire/5.8.0',
      'ClashX',
      'clash',
    ],
    [
      'ClashX Meta/v1.4.6 (com.metacubex.ClashX.meta; build:603; macOS 14.5.0) Alamofire/5.9.1',
      'ClashX',
      'clash',
    ],
    ['ClashforWindows/0.20.39', 'Clash', 'clash'],
    ['ClashMetaForAndroid/2.11.2.Meta', 'Clash Meta for Android', 'clash'],
    ['Stash/2.4.6 Clash/1.9.0', 'Stash', 'clash'],
    ['clash-nyanpasu/v1.6.1', 'Clash Nyanpasu', 'clash'],
    ['FlClash/v0.8.80 clash-verge Platform/android', 'FlClash', 'clash'],
    ['SFA/1.11.4 (590; sing-box 1.11.4; language zh_CN)', 'sing-box', 'sing-box'],
    ['SFI/1.12.0 (Build 2; sing-box 1.12.0; language en_US)', 'sing-box', 'sing-box'],
    ['SFM/1.12.0 (Build 2; sing-box 1.12.0; language en_US)', 'sing-box', 'sing-box'],
    ['sing-box 1.12.1', 'sing-box', 'sing-box'],
    ['HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box', 'Hiddify', 'sing-box'],
    ['v2rayN/7.10.5', 'v2rayN', 'v2ray'],
    ['v2rayNG/1.9.39', 'v2rayNG', 'v2ray'],
    ['Shadowrocket/2070 CFNetwork/1494.0.7 Darwin/23.4.0 iPhone14,5', 'Shadowrocket', 'v2ray'],
    ['Quantumult%20X/1.0.30 (iPhone14,5; iOS 16.0)', 'Quantumult', 'v2ray'],
    ['NekoBox/Android/1.3.3 (Prefer ClashMeta Format)', 'NekoBox', 'v2ray'],
    ['Streisand/1.6.27 CFNetwork/1496.0.7 Darwin/23.5.0', 'Streisand', 'v2ray'],
  ])('%s → %s (%s)', (ua, client, format) => {
    expect(detectClient(ua)).toEqual({ client, format });
  });

  test.each([[undefined], [''], ['curl/8.5.0'], [CHROME_ANDROID], ['WhatsApp/2.24.1 A']])(
    '%s is no known client',
    (ua) => {
      expect(detectClient(ua)).toEqual({ client: null, format: null });
    },
  );
});

describe('isBrowser', () => {
  test.each([
    [CHROME_ANDROID, HTML, true],
    [SAFARI_IOS, HTML, true],
    [FIREFOX, HTML, true],
    [FIREFOX, '*/*', false],
    [FIREFOX, undefined, false],
    [VERGE_WEBVIEW, HTML, false],
    ['curl/8.5.0', HTML, false],
    [undefined, HTML, false],
  ])('%s, accepting %s → %s', (ua, accept, expected) => {
    expect(isBrowser(ua, accept)).toBe(expected);
  });
});

describe('pickFormat', () => {
  test.each([
    // The target wins, whoever asks.
    ['clash', 'v2rayNG/1.9.39', HTML, 'clash'],
    ['mihomo', undefined, undefined, 'clash'],
    ['sing-box', CHROME_ANDROID, HTML, 'sing-box'],
    ['SingBox', undefined, undefined, 'sing-box'],
    ['v2ray', 'clash-verge/v2.2.3', undefined, 'v2ray'],
    ['base64', CHROME_ANDROID, HTML, 'v2ray'],
    // An unknown target is ignored, object keys included.
    ['surge', 'mihomo/1.19.3', undefined, 'clash'],
    ['constructor', undefined, undefined, 'v2ray'],
    // Then the client.
    [undefined, 'mihomo/1.19.3', undefined, 'clash'],
    [undefined, 'SFA/1.11.4 (590; sing-box 1.11.4; language zh_CN)', '*/*', 'sing-box'],
    [
      undefined,
      'Shadowrocket/2070 CFNetwork/1494.0.7 Darwin/23.4.0 iPhone14,5',
      undefined,
      'v2ray',
    ],
    [undefined, VERGE_WEBVIEW, HTML, 'clash'],
    // Then a browser gets the page; anything else share links.
    [undefined, SAFARI_IOS, HTML, 'page'],
    ['', FIREFOX, HTML, 'page'],
    [undefined, FIREFOX, 'application/json', 'v2ray'],
    [undefined, 'curl/8.5.0', '*/*', 'v2ray'],
    [undefined, undefined, undefined, 'v2ray'],
  ])('target %s, %s, accepting %s → %s', (target, ua, accept, expected) => {
    expect(pickFormat(target, ua, accept)).toBe(expected);
  });
});
