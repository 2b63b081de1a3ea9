import { expect, test } from 'vitest';
import {
  centreCropOn,
  clampCrop,
  cropContains,
  cropPixels,
  fitScale,
  initialCrop,
  keyboardStep,
  maxCropSize,
  minCropSize,
  moveCrop,
  resizeCrop,
} from './crop.ts';

const landscape = { width: 1200, height: 800 };
const portrait = { width: 600, height: 900 };

test('the first selection is the largest centred square', () => {
  expect(initialCrop(landscape)).toEqual({ x: 200, y: 0, size: 800 });
  expect(initialCrop(portrait)).toEqual({ x: 0, y: 150, size: 600 });
  expect(initialCrop({ width: 64, height: 64 })).toEqual({ x: 0, y: 0, size: 64 });
});

test('size bounds: the shorter side at most, 10% (and 16 px) at least', () => {
  expect(maxCropSize(landscape)).toBe(800);
  expect(minCropSize(landscape)).toBe(80);
  expect(minCropSize({ width: 100, height: 100 })).toBe(16);
  expect(minCropSize({ width: 10, height: 10 })).toBe(10);
});

test('moving stops at every edge', () => {
  const crop = { x: 100, y: 100, size: 400 };
  expect(moveCrop(crop, 50, -30, landscape)).toEqual({ x: 150, y: 70, size: 400 });
  expect(moveCrop(crop, -1000, 0, landscape)).toEqual({ x: 0, y: 100, size: 400 });
  expect(moveCrop(crop, 5000, 5000, landscape)).toEqual({ x: 800, y: 400, size: 400 });
});

test('resizing keeps the centre where it can and stays inside the image', () => {
  expect(resizeCrop({ x: 400, y: 200, size: 400 }, 200, landscape)).toEqual({
    x: 500,
    y: 300,
    size: 200,
  });
  // Growing near a corner pushes the square back inside.
  expect(resizeCrop({ x: 1000, y: 600, size: 200 }, 600, landscape)).toEqual({
    x: 600,
    y: 200,
    size: 600,
  });
  expect(resizeCrop({ x: 0, y: 0, size: 400 }, 5000, landscape).size).toBe(800);
  expect(resizeCrop({ x: 0, y: 0, size: 400 }, 1, landscape).size).toBe(80);
});

test('clicking outside centres the selection on the point, within the image', () => {
  const crop = { x: 0, y: 0, size: 200 };
  expect(centreCropOn(crop, 600, 400, landscape)).toEqual({ x: 500, y: 300, size: 200 });
  expect(centreCropOn(crop, 1190, 790, landscape)).toEqual({ x: 1000, y: 600, size: 200 });
});

test('cropContains tells inside from outside', () => {
  const crop = { x: 100, y: 100, size: 100 };
  expect(cropContains(crop, 150, 150)).toBe(true);
  expect(cropContains(crop, 100, 200)).toBe(true);
  expect(cropContains(crop, 99, 150)).toBe(false);
  expect(cropContains(crop, 150, 201)).toBe(false);
});

test('clampCrop repairs a selection that no longer fits', () => {
  expect(clampCrop({ x: -20, y: 700, size: 900 }, landscape)).toEqual({ x: 0, y: 0, size: 800 });
});

test('fitScale fits the whole image in the box', () => {
  expect(fitScale(landscape, 300)).toBe(0.25);
  expect(fitScale(portrait, 300)).toBeCloseTo(1 / 3);
});

test('cropPixels gives whole pixels inside the image', () => {
  expect(cropPixels({ x: 199.6, y: 0.4, size: 799.7 }, landscape)).toEqual({
    x: 200,
    y: 0,
    size: 800,
  });
  expect(cropPixels({ x: 400.6, y: 0, size: 800 }, landscape)).toEqual({ x: 400, y: 0, size: 800 });
});

test('keyboard steps: 2% of the shorter side, 10% with Shift, never 0', () => {
  expect(keyboardStep(landscape, false)).toBe(16);
  expect(keyboardStep(landscape, true)).toBe(80);
  expect(keyboardStep({ width: 20, height: 20 }, false)).toBe(1);
});
