/**
 * The geometry of the avatar cropper: a square selection inside an image, in the image's own
 * pixels, always kept whole inside it. Plain functions, so the island only draws and listens.
 */

export interface Size {
  width: number;
  height: number;
}

/** A square selection: top-left corner and side, in image pixels. */
export interface Crop {
  x: number;
  y: number;
  size: number;
}

/** The smallest selection, as a share of the image's shorter side (and never under 16 px). */
export const MIN_CROP_SHARE = 0.1;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The largest side a selection may have. */
export function maxCropSize(image: Size): number {
  return Math.max(1, Math.min(image.width, image.height));
}

/** The smallest side a selection may have. */
export function minCropSize(image: Size): number {
  const max = maxCropSize(image);
  return Math.min(max, Math.max(16, Math.round(max * MIN_CROP_SHARE)));
}

/** Keeps a selection inside the image and within the size bounds. */
export function clampCrop(crop: Crop, image: Size): Crop {
  const size = clamp(crop.size, minCropSize(image), maxCropSize(image));
  return {
    x: clamp(crop.x, 0, image.width - size),
    y: clamp(crop.y, 0, image.height - size),
    size,
  };
}

/** The largest square, centred: what the server would cut by itself. */
export function initialCrop(image: Size): Crop {
  const size = maxCropSize(image);
  return clampCrop({ x: (image.width - size) / 2, y: (image.height - size) / 2, size }, image);
}

/** The selection moved by (dx, dy) image pixels, stopped at the edges. */
export function moveCrop(crop: Crop, dx: number, dy: number, image: Size): Crop {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, image);
}

/** The selection with a new side, keeping its centre where the edges allow. */
export function resizeCrop(crop: Crop, size: number, image: Size): Crop {
  const next = clamp(size, minCropSize(image), maxCropSize(image));
  const cx = crop.x + crop.size / 2;
  const cy = crop.y + crop.size / 2;
  return clampCrop({ x: cx - next / 2, y: cy - next / 2, size: next }, image);
}

/** The selection centred on a point of the image (a click outside it). */
export function centreCropOn(crop: Crop, px: number, py: number, image: Size): Crop {
  return clampCrop({ ...crop, x: px - crop.size / 2, y: py - crop.size / 2 }, image);
}

/** Whether a point of the image lies inside the selection. */
export function cropContains(crop: Crop, px: number, py: number): boolean {
  return px >= crop.x && px <= crop.x + crop.size && py >= crop.y && py <= crop.y + crop.size;
}

/** The scale at which the image fits a square box of `box` pixels (never enlarged past 1:1 × box). */
export function fitScale(image: Size, box: number): number {
  return Math.min(box / image.width, box / image.height);
}

/** The selection as whole pixels, for drawing it onto the output canvas. */
export function cropPixels(crop: Crop, image: Size): Crop {
  const size = Math.max(1, Math.min(Math.round(crop.size), maxCropSize(image)));
  return {
    x: clamp(Math.round(crop.x), 0, image.width - size),
    y: clamp(Math.round(crop.y), 0, image.height - size),
    size,
  };
}

/** How much the keyboard moves the selection: 2% of the image's shorter side, 10% with Shift. */
export function keyboardStep(image: Size, large: boolean): number {
  return Math.max(1, Math.round(maxCropSize(image) * (large ? 0.1 : 0.02)));
}
