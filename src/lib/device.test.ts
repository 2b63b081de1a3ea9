import { expect, test } from 'vitest';
import { PHONE_MAX_WIDTH, detectDevice, isDesktop } from './device.ts';

const UA = {
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  firefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:130.0) Gecko/130.0 Firefox/130.0',
  firefoxPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0',
  kindle:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36',
  playBook:
    'Mozilla/5.0 (PlayBook; U; RIM Tablet OS 2.1.0; en-US) AppleWebKit/536.2+ (KHTML, like Gecko) Version/7.2.1.0 Safari/536.2+',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
};

test.each([
  // phone = width < 600 px whatever the user agent
  [599, 'desktopChrome', 0, 'phone'],
  [320, 'iPad', 5, 'phone'],
  [600, 'desktopChrome', 0, 'desktop'],
  [1920, 'mac', 0, 'desktop'],
  // phones by user agent even when wide (landscape)
  [844, 'iPhone', 5, 'phone'],
  [915, 'androidPhone', 5, 'phone'],
  [900, 'firefoxPhone', 5, 'phone'],
  [800, 'windowsPhone', 5, 'phone'],
  // tablets by user agent
  [820, 'iPad', 5, 'tablet'],
  [1280, 'androidTablet', 5, 'tablet'],
  [1280, 'firefoxTablet', 5, 'tablet'],
  [1024, 'kindle', 5, 'tablet'],
  [1024, 'playBook', 5, 'tablet'],
  // iPadOS in desktop mode claims to be a Mac; the touch screen tells
  [1024, 'mac', 5, 'tablet'],
] as const)('width %i, %s, %i touch points → %s', (width, name, touch, expected) => {
  expect(detectDevice(width, UA[name], touch)).toBe(expected);
});

test('the phone threshold is 600 px', () => {
  expect(PHONE_MAX_WIDTH).toBe(600);
  expect(detectDevice(PHONE_MAX_WIDTH - 1, '')).toBe('phone');
  expect(detectDevice(PHONE_MAX_WIDTH, '')).toBe('desktop');
});

test('isDesktop is true only for desktops', () => {
  expect(isDesktop(1440, UA.desktopChrome)).toBe(true);
  expect(isDesktop(1440, UA.iPad)).toBe(false);
  expect(isDesktop(500, UA.desktopChrome)).toBe(false);
});
