/**
 * sharp (libvips) loaded on the first image (an upload, a captcha), not at start: most servers go days
 * without one, and the library with its native part is ≈ 20 MB of a server meant for a small machine.
 */
import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
