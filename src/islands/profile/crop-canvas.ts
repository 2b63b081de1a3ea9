/** Drawing a crop with a canvas: the preview and the square image that gets uploaded. */
import { cropPixels, type Crop, type Size } from './crop.ts';

/** The side of the uploaded square (the server makes it 256 px; a little more keeps it sharp). */
export const OUTPUT_MAX = 512;

export function imageSize(image: HTMLImageElement): Size {
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/** Draws the selection of `image` into a `side`×`side` square of `context`. */
export function drawCrop(
  context: CanvasRenderingContext2D,
  image: HTMLImageElement,
  crop: Crop,
  side: number,
): void {
  const px = cropPixels(crop, imageSize(image));
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, side, side);
  context.drawImage(image, px.x, px.y, px.size, px.size, 0, 0, side, side);
}

/** The selection as a square image file: WebP where the browser can encode it, else PNG. */
export function renderCrop(image: HTMLImageElement, crop: Crop): Promise<Blob> {
  const px = cropPixels(crop, imageSize(image));
  const side = Math.min(OUTPUT_MAX, px.size);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw images'));
  drawCrop(context, image, crop, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      'image/webp',
      0.9,
    );
  });
}
